// Shared pieces of the browser tests: a real `quadra serve` on a free loopback port, Debian's
// chromium through playwright-core, pages that record console errors and outside requests, and
// polling waits (never fixed sleeps).

import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

export const QUADRA = process.env.QUADRA_BINARY || path.join(repo, 'build/release/server/quadra');
export const WEB_ROOT = process.env.QUADRA_WEB_ROOT || path.join(repo, 'web-client');
export const ARTIFACTS =
  process.env.QUADRA_BROWSER_ARTIFACTS || path.join(repo, 'build/release/browser-artifacts');
export const CHROMIUM = process.env.QUADRA_CHROMIUM || '/usr/bin/chromium';

// Generous: the test machine is a loaded 2-core box.
export const TIMEOUT = 30000;

// Quadrature from the start: White walks h9 to h4; Black's last move, b3-a4, then squares h4
// (rectangle a3-a4-h4-h3), which is exchanged.
export const QUADRATURE_EXCHANGE_ON_H4 = [
  'b2-a2',
  'h9-h8',
  'a2-a3',
  'h8-h7',
  'j2-k2',
  'h7-h6',
  'k2-k3',
  'h6-h5',
  'k3-k4',
  'h5-h4',
  'b3-a4',
];

// The test's environment without QUADRA_* variables: they configure the tests (QUADRA_BINARY),
// and the server refuses settings it does not know.
function serverEnvironment() {
  const settings = ([key]) => key.startsWith('QUADRA_');
  return Object.fromEntries(Object.entries(process.env).filter((entry) => !settings(entry)));
}

// Starts `quadra serve` on `port` (0: any free one) in a fresh temporary directory (or in `dir`,
// kept at the end: a restart on the same data), with `extra` arguments; resolves once it listens.
export async function startServer(extra = [], { dir: given = null, port = 0 } = {}) {
  const dir = given || mkdtempSync(path.join(tmpdir(), 'quadra-browser-'));
  const child = spawn(
    QUADRA,
    [
      'serve',
      '--address',
      '127.0.0.1',
      '--port',
      String(port),
      '--web-root',
      WEB_ROOT,
      '--messages-per-second',
      '200',
      // Every page of a test file comes from 127.0.0.1, each browser context with its own
      // keep-alive HTTP connections besides its WebSocket: the per-address cap (64, meant for
      // one client on a public server; it has its own server test) would refuse the later pages.
      '--max-connections-per-ip',
      '4096',
      ...extra,
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: serverEnvironment(),
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`quadra serve did not start: ${stderr}`)),
      TIMEOUT,
    );
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/listening on (http:\/\/[^\s]+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`quadra serve exited with ${code}: ${stderr}`));
    });
  });
  return {
    url,
    host: new URL(url).host,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
        await exited;
        clearTimeout(timer);
      }
      if (!given) rmSync(dir, { recursive: true, force: true });
    },
  };
}

// A TCP relay to the server on its own loopback port, to cut a page's network for real: drop()
// closes every relayed connection, and while `refusing` new ones are closed at once.
export async function startRelay(server) {
  const target = new URL(server.url);
  const sockets = new Set();
  const relay = { refusing: false };
  const listener = net.createServer((client) => {
    if (relay.refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  await new Promise((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address();
  return Object.assign(relay, {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    drop() {
      for (const socket of sockets) socket.destroy();
    },
    close() {
      relay.drop();
      return new Promise((resolve) => listener.close(resolve));
    },
  });
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--no-first-run',
    ],
    timeout: 60000,
  });
}

// A new context and page on the server; `problems` collects console errors, page errors and
// every request to a host other than the server. `device`: more context options (a phone's
// hasTouch and isMobile, a browser `locale`; `serviceWorkers: 'allow'` for the offline worker,
// blocked otherwise so that every other test sees the server's own answers). `connects`: false
// for a page without a connection (rules), which is not waited for.
export async function openPage(
  browser,
  server,
  {
    viewport = { width: 1200, height: 900 },
    pathname = '/',
    name = null,
    device = {},
    connects = true,
  } = {},
) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block', ...device });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:') return;
    if (url.host !== server.host) problems.push(`outside request: ${request.url()}`);
  });
  await page.goto(server.url + pathname);
  if (connects) await online(page);
  if (name) await rename(page, name);
  return { context, page, problems };
}

// A page's problems but Chromium's console errors for WebSocket connections that failed: a test
// that cuts the network (startRelay's `refusing`) causes them on purpose, as many as the page's
// reconnection attempts that fall inside the cut.
export const apartFromFailedConnections = (problems) =>
  problems.filter((problem) => !/WebSocket connection/.test(problem));

// The connection badge's state, not its words: they change with the language.
export async function online(page) {
  await page.locator('#connection-status[data-state="online"]').waitFor();
}

export async function rename(page, name) {
  await page.fill('#name-input', name);
  await page.click('.name-card button[type=submit]');
  await page.locator('#who', { hasText: name }).waitFor();
}

// Creates a room from the lobby form (`clock`: the label of a clock choice); returns its code
// once the room view shows it.
export async function createRoom(page, game, options = {}, { clock = null } = {}) {
  await page.selectOption('#create-game', game);
  for (const [name, value] of Object.entries(options)) {
    await page.selectOption(`#opt-${name}`, String(value));
  }
  if (clock) await page.selectOption('#create-clock', { label: clock });
  await page.click('#create-button');
  const code = page.locator('#room-code');
  await code.waitFor();
  await waitUntil(async () => (await code.textContent()).length > 0);
  return code.textContent();
}

export async function joinByCode(page, code, as = 'player') {
  await page.fill('#code-input', code);
  if (as === 'player') await page.click('form:has(#code-input) button[name=play]');
  else await page.click('form:has(#code-input) button:has-text("Watch")');
  await page.locator('#room-code', { hasText: code }).waitFor();
}

// Polls `check` (async, truthy when done) until it holds or the timeout passes.
export async function waitUntil(check, { timeout = TIMEOUT, what = 'condition' } = {}) {
  const end = Date.now() + timeout;
  let delay = 25;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 250);
  }
}

// The snapshot version the page shows, read from the board's data (set by the app).
export async function version(page) {
  return Number(await page.locator('#room').getAttribute('data-version'));
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// axe-core's violations on the page, as "rule: target" lines (with axe's summary of what is
// wrong, so a failing test says what to fix); `rules`: only these axe rules, else all of them.
// Without preloading: axe would fetch the style sheets again and resolve their @import against
// the page's address (/r/tokens.css), a 404 of its own making.
export async function axeViolations(page, rules = null, keep = () => true) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (only) => {
    const options = { preload: false };
    if (only) options.runOnly = { type: 'rule', values: only };
    return (await window.axe.run(document, options)).violations;
  }, rules);
  return violations
    .filter(keep)
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`));
}

// axe-core's violations of impact serious or critical on the page.
export async function seriousViolations(page) {
  return axeViolations(page, null, (v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

// Defines window.wsClient(name, token) in `page`: a WebSocket client of the server identified as
// `name` (resuming `token`'s identity when given: an account's session token from a page's
// localStorage makes it that account), with .ready (the welcome), .request(message) (resolves with the reply to its id,
// rejects on an error), .wait(test) (the next message passing `test`), .last (the last
// snapshot) and .ws; for driving games faster than clicking.
export async function installWsClient(page) {
  await page.evaluate((timeout) => {
    window.wsClient = (name, token = null) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      const waiters = [];
      const state = { ws, last: null, nextId: 1 };
      ws.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.type === 'snapshot') state.last = message;
        for (const waiter of [...waiters]) {
          if (waiter.test(message)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(message);
          }
        }
      };
      state.wait = (test) =>
        new Promise((resolve, reject) => {
          waiters.push({ test, resolve });
          setTimeout(() => reject(new Error(`${name}: no answer in time`)), timeout);
        });
      state.request = (message) => {
        const id = state.nextId++;
        ws.send(JSON.stringify({ ...message, id }));
        return state
          .wait((m) => m.id === id)
          .then((m) => {
            if (m.type === 'error') throw new Error(`${name}: ${m.code} ${m.message}`);
            return m;
          });
      };
      state.ready = new Promise((resolve) => {
        ws.onopen = resolve;
      }).then(() =>
        state.request({ type: 'hello', protocol: 1, name, ...(token ? { token } : {}) }),
      );
      return state;
    };
  }, TIMEOUT);
}

// Plays Kvadratura on a `size` × `size` board through the server's WebSocket from inside `page`:
// Ada (White) creates a private room, Ben joins, and the side to move plays each of `moves` in
// turn, or, given `plies` instead, its first legal cell until that many moves are made; then Ada
// resigns if `resign`. Resolves with the room code, the game id, the last snapshot's status and
// its position notation.
export async function playKvadratura(page, { size, moves = null, plies = 0, resign = false }) {
  await installWsClient(page);
  return page.evaluate(
    async (game) => {
      const ada = window.wsClient('Ada');
      const ben = window.wsClient('Ben');
      await Promise.all([ada.ready, ben.ready]);
      const created = await ada.request({
        type: 'create_room',
        game: 'kvadratura',
        options: { size: game.size },
        public: false,
      });
      const room = created.room;
      const started = ada.wait((m) => m.type === 'snapshot' && m.status === 'playing');
      await ben.request({ type: 'join_room', room, as: 'player' });
      let snap = await started;
      const players = [ada, ben];
      const count = game.moves ? game.moves.length : game.plies;
      for (let ply = 0; ply < count; ply += 1) {
        const v = snap.version;
        const next = ada.wait((m) => m.type === 'snapshot' && m.version > v);
        const move = game.moves ? game.moves[ply] : snap.state.legal[0];
        await players[snap.state.to_move].request({ type: 'move', room, move, version: v });
        snap = await next;
      }
      if (game.resign) {
        const over = ada.wait((m) => m.type === 'snapshot' && m.status === 'finished');
        await ada.request({ type: 'resign', room });
        snap = await over;
      }
      ada.ws.close();
      ben.ws.close();
      return { room, gameId: snap.game_id, status: snap.status, position: snap.state.position };
    },
    { size, moves, plies, resign },
  );
}

// One real server and one browser for a test file, started before its tests and closed after
// them together with every page opened through `open` (on the suite's server, or `through`
// another one such as a relay).
export function browserSuite() {
  const suite = {
    server: null,
    browser: null,
    pages: [],
    async open(options, through = suite.server) {
      const opened = await openPage(suite.browser, through, options);
      suite.pages.push(opened);
      return opened;
    },
  };
  before(async () => {
    suite.server = await startServer();
    suite.browser = await launchBrowser();
  });
  after(async () => {
    for (const { context } of suite.pages) await context.close().catch(() => {});
    if (suite.browser) await suite.browser.close();
    if (suite.server) await suite.server.stop();
  });
  return suite;
}
