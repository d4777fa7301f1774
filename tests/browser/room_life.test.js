// The room view's room-life controls against snapshots shaped as PROTOCOL.md "Room life"
// specifies them (clocks, draw offers, results by the room, rematch, chat): the view is mounted
// on its own in a page served by the real server, and the requests it makes are recorded.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startServer, launchBrowser, QUADRA, TIMEOUT, waitUntil, screenshot } from './harness.js';

let server;
let browser;
let context;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (context) await context.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

function snapshotAfter(moves, extra) {
  const run = spawnSync(QUADRA, ['rules'], {
    input: JSON.stringify({ game: 'kvadratura', options: { size: 4 }, moves }), encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  const state = JSON.parse(run.stdout);
  return {
    type: 'snapshot', room: 'LIFE01', version: moves.length, status: 'playing',
    seats: [{ name: 'Ann', connected: true }, { name: 'Bob', connected: true }],
    spectators: 1, last_move: moves.at(-1) ?? null, forced_passes: 0, state,
    result: null, draw_offer: null, rematch: { agreed: [], room: null },
    clock: { type: 'none' }, ...extra,
  };
}

// A page holding only the app's stylesheets and a room view; requests go to window.sent.
async function mountRoom(snapshot, membership) {
  if (context) await context.close();
  context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(`${server.url}/style.css`);
  await page.evaluate(async ([snap, member]) => {
    document.documentElement.innerHTML = '<head><link rel="stylesheet" href="/style.css">' +
      '<link rel="stylesheet" href="/boards/boards.css"></head>' +
      '<body><main><div id="room"></div></main><div id="toasts"></div></body>';
    const { createRoomView } = await import('/room.js');
    window.sent = [];
    const record = (type, fields = {}) => { window.sent.push({ type, ...fields }); return Promise.resolve(); };
    window.view = createRoomView(document.getElementById('room'), {
      move: (move, version) => record('move', { move, version }),
      leave: () => record('leave'),
      takeSeat: (seat) => record('join', { seat }),
      addBot: (seat, level) => record('add_bot', { seat, level }),
      send: record,
      goto: (room) => record('goto', { room }),
    }, (id) => id);
    window.view.update(snap, member);
  }, [snapshot, membership]);
  return { page, problems };
}

const update = (page, snap, member) =>
  page.evaluate(([s, m]) => window.view.update(s, m), [snap, member]);
const sent = (page) => page.evaluate(() => window.sent);
const ann = { as: 'player', seat: 0 };
const bob = { as: 'player', seat: 1 };

describe('room life in the room view', () => {
  test('a bank clock counts down locally for the seat to move only', async () => {
    const snap = snapshotAfter(['a1'], {
      clock: { type: 'bank', initial_seconds: 300, increment_seconds: 5,
        remaining_ms: [287000, 65000], running: 1, server_time: 1764470000000 },
    });
    const { page, problems } = await mountRoom(snap, ann);
    const clocks = page.locator('.player-clock');
    const seconds = (text) => { const [m, sec] = text.split(':'); return Number(m) * 60 + Number(sec); };
    // Ann's clock is stopped at exactly the server's figure; Bob's runs down from 1:05.
    assert.equal(await clocks.nth(0).textContent(), '4:47');
    const first = seconds(await clocks.nth(1).textContent());
    assert.ok(first <= 65 && first > 30, `Bob's clock shows ${first} s`);
    await waitUntil(async () => seconds(await clocks.nth(1).textContent()) < first,
      { what: 'the running clock to tick' });
    assert.equal(await clocks.nth(0).textContent(), '4:47');
    assert.match(await page.locator('.room-options').textContent(), /5:00 \+ 5s/);
    assert.deepEqual(problems, []);
  });

  test('resign asks for confirmation; draw offer, accept and decline follow draw_offer',
    async () => {
      const snap = snapshotAfter(['a1']);
      const { page, problems } = await mountRoom(snap, ann);
      await page.click('#resign-button');
      assert.deepEqual(await sent(page), []);
      await page.locator('#resign-button', { hasText: 'Confirm' }).click();
      await page.click('#offer-draw');
      assert.deepEqual(await sent(page), [{ type: 'resign' }, { type: 'offer_draw' }]);

      // Ann's own offer stands: no accept for her; Bob sees accept and decline.
      await update(page, { ...snap, draw_offer: 0 }, ann);
      assert.equal(await page.locator('#accept-draw').count(), 0);
      await page.locator('.life-offer', { hasText: 'You offered a draw' }).waitFor();
      await update(page, { ...snap, draw_offer: 0 }, bob);
      await page.locator('.life-offer', { hasText: 'Ann offers a draw' }).waitFor();
      await page.evaluate(() => window.view.addChat({ type: 'chat', room: 'LIFE01',
        channel: 'players', seat: 0, name: 'Ann', text: 'draw?', at: 0 }));
      await screenshot(page, 'room-life-draw-offer');
      await page.click('#accept-draw');
      await page.click('#decline-draw');
      assert.deepEqual((await sent(page)).slice(2),
        [{ type: 'accept_draw' }, { type: 'decline_draw' }]);
      // A spectator gets no game buttons.
      await update(page, snap, { as: 'spectator', seat: null });
      assert.equal(await page.locator('#life-buttons button').count(), 0);
      assert.deepEqual(problems, []);
    });

  test('the room\'s result wins over the rules\', then rematch and its room', async () => {
    const snap = snapshotAfter(['a1', 'b1'], {
      status: 'finished',
      result: { status: 'finished', winners: [1], reason: 'Ann resigned', by: 'resign' },
    });
    const { page, problems } = await mountRoom(snap, bob);
    await page.locator('#result-banner', { hasText: 'You win' }).waitFor();
    assert.match(await page.locator('#result-banner').textContent(), /Ann resigned/);
    await page.click('#rematch-button');
    assert.deepEqual(await sent(page), [{ type: 'rematch' }]);
    await update(page, { ...snap, rematch: { agreed: [1], room: null } }, bob);
    await page.locator('.life-offer', { hasText: 'Rematch asked' }).waitFor();
    await update(page, { ...snap, rematch: { agreed: [0, 1], room: 'NEXT01' } }, bob);
    await page.click('#rematch-go');
    assert.deepEqual((await sent(page)).at(-1), { type: 'goto', room: 'NEXT01' });
    assert.deepEqual(problems, []);
  });

  test('chat lines are text, never markup, and say their channel', async () => {
    const { page, problems } = await mountRoom(snapshotAfter([]), ann);
    await page.evaluate(() => {
      window.view.addChat({ type: 'chat', room: 'LIFE01', channel: 'players', seat: 1,
        name: '<i>Bob</i>', text: '<img src=x onerror="window.hacked=1">hi', at: 0 });
      window.view.addChat({ type: 'chat', room: 'LIFE01', channel: 'spectators', seat: null,
        name: 'Cy', text: 'nice move', at: 0 });
    });
    const lines = page.locator('.chat-line');
    assert.equal(await lines.count(), 2);
    assert.equal(await page.locator('.chat-log img').count(), 0);
    assert.equal(await page.evaluate(() => window.hacked), undefined);
    assert.equal(await lines.nth(0).locator('.chat-name').textContent(), '<i>Bob</i>');
    assert.match(await lines.nth(1).textContent(), /spectator.*Cy.*nice move/);
    await page.fill('#chat-input', 'good luck');
    await page.press('#chat-input', 'Enter');
    assert.deepEqual(await sent(page), [{ type: 'chat', text: 'good luck' }]);
    await page.locator('#chat-channel', { hasText: "players' channel" }).waitFor();
    assert.deepEqual(problems, []);
  });

  test('without room life in the snapshot the panel stays hidden', async () => {
    const snap = snapshotAfter(['a1']);
    for (const key of ['result', 'draw_offer', 'rematch', 'clock']) delete snap[key];
    const { page, problems } = await mountRoom(snap, ann);
    assert.equal(await page.locator('.life').isVisible(), false);
    assert.equal(await page.locator('.player-clock').count(), 0);
    assert.deepEqual(problems, []);
  });
});
