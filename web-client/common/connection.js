// The one WebSocket to the server: hello with the stored token, request ids matched to replies,
// automatic reconnection with backoff, the online/offline state for the banner, and following a
// `redirect` to the node that serves a room (PROTOCOL.md "redirect").

const TOKEN_KEY = 'quadra.token';
const NAME_KEY = 'quadra.name';
const MAX_REDIRECTS = 3; // per room within REDIRECT_WINDOW_MS, so a stale directory cannot loop
const REDIRECT_WINDOW_MS = 30000;

// Errors a request can end with: the server's `error` message, or the connection dropping.
export class RequestError extends Error {
  constructor(code, message, retryAfter = undefined, { reason, details } = {}) {
    super(message);
    this.code = code;
    this.retryAfter = retryAfter; // too_many_attempts: seconds until a sign-in may be tried
    // illegal_move refused by the rules: a stable code and its details, which the client words.
    if (reason !== undefined) this.reason = reason;
    if (details !== undefined) this.details = details;
  }
}

export function storedName() {
  return localStorage.getItem(NAME_KEY) || '';
}

// The WebSocket address of a node from its public URL (`public_url`): http → ws, https → wss,
// `/ws` after any path prefix. "" names the address already in use; null: not an http(s) URL.
export function socketUrl(publicUrl, currentUrl) {
  if (publicUrl === '') return currentUrl;
  let url;
  try {
    url = new URL(publicUrl);
  } catch (e) {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${url.host}${url.pathname.replace(/\/+$/, '')}/ws`;
}

// Counts the redirects of each room: at most MAX_REDIRECTS within REDIRECT_WINDOW_MS.
export class RedirectBudget {
  constructor(max = MAX_REDIRECTS, windowMs = REDIRECT_WINDOW_MS) {
    this.max = max;
    this.windowMs = windowMs;
    this.times = new Map(); // room -> times of its recent redirects (ms)
  }

  // Whether one more redirect of `room` at `now` may be followed; a followed one is counted.
  allow(room, now) {
    const recent = (this.times.get(room) || []).filter((t) => now - t < this.windowMs);
    const allowed = recent.length < this.max;
    if (allowed) recent.push(now);
    this.times.set(room, recent);
    return allowed;
  }
}

export class Connection {
  constructor(url = defaultUrl()) {
    this.homeUrl = url; // the page's own server, where a lost redirected node falls back to
    this.url = url; // where the socket goes: homeUrl, or the node a redirect named
    this.redirects = new RedirectBudget();
    this.socket = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> { resolve, reject }
    this.listeners = new Map(); // type -> Set of functions
    this.state = 'connecting'; // 'connecting' | 'online' | 'offline'
    this.identity = null; // the last `welcome`
    this.attempt = 0;
    this.retryTimer = null;
  }

  // Calls fn(message) for every message of `type` ('*' for all) and for the pseudo-types
  // 'state' (the connection state changed), 'welcome' (identified, after every reconnect) and
  // 'refused' (a new guest's hello refused: `address_refused`, a RequestError).
  on(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(fn);
    return () => this.listeners.get(type).delete(fn);
  }

  start() {
    this.open();
    // A browser that regains its network retries at once instead of waiting for the backoff.
    window.addEventListener('online', () => this.retryNow());
  }

  // Sends a request and resolves with its direct reply, or rejects with a RequestError (code
  // 'redirected' when the room lives on another node: the request did nothing).
  request(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new RequestError('offline', 'Not connected to the server.'));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ ...message, id }));
    });
  }

  // Renames this identity; the server answers with a new welcome.
  rename(name) {
    localStorage.setItem(NAME_KEY, name);
    return this.request(this.helloMessage());
  }

  // Accounts (PROTOCOL.md "Accounts"): each answer is a welcome whose token replaces the stored
  // one (a session token when signed in, a fresh guest's after signing out).
  signUp(name, password) {
    return this.request({ type: 'register', name, password });
  }

  signIn(name, password) {
    return this.request({ type: 'sign_in', name, password });
  }

  signOut() {
    return this.request({ type: 'sign_out' });
  }

  signOutEverywhere() {
    return this.request({ type: 'sign_out_everywhere' });
  }

  // Answered `password_changed`; the token stays. `endOtherSessions` is sent either way, so that
  // what happens to the other devices is what the form showed, not the server's default.
  changePassword(password, newPassword, endOtherSessions = true) {
    return this.request({
      type: 'change_password',
      password,
      new_password: newPassword,
      end_other_sessions: Boolean(endOtherSessions),
    });
  }

  // Answered `account_renamed` with the new spelling, which this identity then carries; the
  // token stays.
  async renameAccount(name) {
    const answer = await this.request({ type: 'rename_account', name });
    if (this.identity) this.identity = { ...this.identity, account: answer.account };
    return answer;
  }

  // Answered `data_export`: the signed-in account's data.
  exportData() {
    return this.request({ type: 'export_data' });
  }

  // Answered `account_deleted`, after which this connection is no identity: receive() drops the
  // token and says hello without one, as after `signed_out`.
  deleteAccount(password) {
    return this.request({ type: 'delete_account', password });
  }

  helloMessage() {
    const message = { type: 'hello', protocol: 2 };
    const token = localStorage.getItem(TOKEN_KEY);
    const name = storedName();
    if (token) message.token = token;
    if (name) message.name = name;
    return message;
  }

  open() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch (e) {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    let welcomed = false;
    socket.addEventListener('open', () => this.identify());
    socket.addEventListener('message', (event) => {
      // A socket left for another node may still deliver what it had queued: ignore it.
      if (this.socket !== socket) return;
      this.receive(event.data);
      welcomed ||= this.state === 'online';
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failPending();
      this.setState('offline');
      // A redirected node is retried once it had us online; one we could not reach (or that
      // went away before welcoming us) gives way to the page's own server.
      if (!welcomed) this.url = this.homeUrl;
      this.scheduleRetry();
    });
  }

  // Moves the connection to the node a `redirect` names, at once, to hello again there. Returns
  // false when the room was redirected too often or the URL is unusable: the connection then
  // goes back to the page's own server with the usual backoff.
  followRedirect(message) {
    const target = socketUrl(message.url, this.url);
    const allowed = target !== null && this.redirects.allow(message.room, Date.now());
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.failPending();
    this.setState('connecting');
    if (allowed) {
      this.url = target;
      this.attempt = 0;
      this.open();
    } else {
      this.url = this.homeUrl;
      this.scheduleRetry();
    }
    return allowed;
  }

  async identify() {
    try {
      await this.request(this.helloMessage());
    } catch (error) {
      if (error.code === 'bad_token') {
        // The server forgot this identity (a fresh data directory): start a new guest.
        localStorage.removeItem(TOKEN_KEY);
        try {
          await this.request(this.helloMessage());
        } catch (e) {
          this.socket?.close();
        }
      } else if (error.code === 'address_refused') {
        // No new guest from this network (a moderator's block): the socket stays open, so that
        // someone with an account can still sign in on it; the page says why (`refused`).
        this.emit('refused', error);
      } else {
        this.socket?.close();
      }
    }
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch (e) {
      return;
    }
    if (message.type === 'welcome') {
      localStorage.setItem(TOKEN_KEY, message.token);
      this.identity = message;
      this.attempt = 0;
      this.setState('online');
    }
    if (message.type === 'signed_out' || message.type === 'account_deleted') {
      // Signed out everywhere from another device, or this account deleted: this token is dead;
      // become a fresh guest.
      localStorage.removeItem(TOKEN_KEY);
      this.identify();
    }
    if (message.id !== undefined && this.pending.has(message.id)) {
      const { resolve, reject } = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'error') {
        reject(new RequestError(message.code, message.message, message.retry_after, message));
      } else if (message.type === 'redirect') reject(redirectedError(message));
      else resolve(message);
    }
    this.emit(message.type, message);
    this.emit('*', message);
  }

  emit(type, value) {
    for (const fn of this.listeners.get(type) || []) {
      try {
        fn(value);
      } catch (e) {
        console.warn('listener failed', e);
      }
    }
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.emit('state', state);
  }

  failPending() {
    for (const { reject } of this.pending.values()) {
      reject(new RequestError('offline', 'The connection was lost.'));
    }
    this.pending.clear();
  }

  // Exponential backoff with jitter: 0.5 s, 1 s, 2 s ... at most 10 s.
  scheduleRetry() {
    if (this.retryTimer) return;
    const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt = Math.min(this.attempt + 1, 8);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  retryNow() {
    if (this.socket) return;
    this.attempt = 0;
    this.open();
  }
}

function redirectedError(message) {
  return new RequestError('redirected', `Room ${message.room} is served by another server.`);
}

function defaultUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
