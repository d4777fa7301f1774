// The one WebSocket to the server: hello with the stored token, request ids matched to replies,
// automatic reconnection with backoff, and the online/offline state for the banner.

const TOKEN_KEY = 'quadra.token';
const NAME_KEY = 'quadra.name';

// Errors a request can end with: the server's `error` message, or the connection dropping.
export class RequestError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export function storedName() {
  return localStorage.getItem(NAME_KEY) || '';
}

export class Connection {
  constructor(url = defaultUrl()) {
    this.url = url;
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
  // 'state' (the connection state changed) and 'welcome' (identified, after every reconnect).
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

  // Sends a request and resolves with its direct reply, or rejects with a RequestError.
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

  helloMessage() {
    const message = { type: 'hello', protocol: 1 };
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
    socket.addEventListener('open', () => this.identify());
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failPending();
      this.setState('offline');
      this.scheduleRetry();
    });
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
    if (message.id !== undefined && this.pending.has(message.id)) {
      const { resolve, reject } = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'error') reject(new RequestError(message.code, message.message));
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

function defaultUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
