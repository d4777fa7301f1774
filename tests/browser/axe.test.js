// axe-core on the client (issue "the client a newcomer can learn from"): the lobby, a live game
// of each game after a move (two players, and Kvadrat with four), and the replay of a finished
// game have no violation of impact serious or critical, with the screen-reader mode off and on;
// nor has the moderation page as a guest sees it.
// The viewer plays through the page; the other seats are WebSocket players driven from it.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browserSuite,
  createRoom,
  installWsClient,
  screenshot,
  seriousViolations,
  version,
  waitUntil,
} from './harness.js';

const suite = browserSuite();

// Checks the page with the screen-reader mode off, then on (the mode's panel drawn), and leaves
// it off; `what` names the view in the failure message.
async function checkBothModes(page, what) {
  const toggle = page.locator('#screen-reader-toggle');
  if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
  assert.deepEqual(await seriousViolations(page), [], `${what}, screen-reader mode off`);
  await toggle.click();
  await waitUntil(async () => (await toggle.getAttribute('aria-pressed')) === 'true');
  if (await page.locator('#room:not([hidden])').count()) {
    await page.locator('.reader-lines li').first().waitFor();
  }
  assert.deepEqual(await seriousViolations(page), [], `${what}, screen-reader mode on`);
  await screenshot(page, `axe-${what.replaceAll(' ', '-')}`);
  await toggle.click();
}

// Seats `count` WebSocket players in room `code`, kept in the page as window.others.
async function seatOthers(page, code, count) {
  await installWsClient(page);
  await page.evaluate(
    async ([room, n]) => {
      window.others = [];
      for (let i = 0; i < n; ++i) {
        const client = window.wsClient(`Other ${i + 1}`);
        await client.ready;
        const joined = await client.request({ type: 'join_room', room, as: 'player' });
        client.seat = joined.seat;
        client.room = room;
        window.others.push(client);
      }
    },
    [code, count],
  );
}

// The WebSocket players move (a play or pass when offered, else the first legal request) until
// seat 0, the page's, is to move again. They start from the snapshot the page shows: their own
// sockets may not have brought it yet, and an older one would say it is still seat 0's move.
async function othersPlay(page) {
  const shown = await version(page);
  await page.evaluate(async (from) => {
    const first = window.others[0];
    if ((first.last?.version ?? -1) < from) {
      await first.wait((m) => m.type === 'snapshot' && m.version >= from);
    }
    for (;;) {
      const snap = first.last;
      if (snap.status !== 'playing' || snap.state.to_move === 0) return;
      const mover = window.others.find((c) => c.seat === snap.state.to_move);
      const legal = snap.state.legal;
      const move = legal.find((m) => m.startsWith('play') || m === 'pass') || legal[0];
      const next = first.wait((m) => m.type === 'snapshot' && m.version > snap.version);
      await mover.request({ type: 'move', room: mover.room, move, version: snap.version });
      await next;
    }
  }, shown);
}

// The page's player makes one move by clicking its board: a legal cell, or Quadwrangle's roll and
// then its first play.
async function playOnBoard(page, game) {
  const before = await version(page);
  if (game === 'quadwrangle') {
    await page.click('.board-controls .board-button--primary');
    await waitUntil(async () => (await version(page)) > before);
    const plays = page.locator('.board-button--play');
    if (await plays.count()) {
      const rolled = await version(page);
      await plays.first().click();
      // A second press plays on a touch screen; elsewhere the first played and it is gone.
      await plays
        .first()
        .click({ timeout: 1000 })
        .catch(() => {});
      await waitUntil(async () => (await version(page)) > rolled);
    }
    return;
  }
  await page.locator('.board-cell--active').first().click();
  if (game === 'quadrature') await page.locator('.board-cell--active').first().click();
  await waitUntil(async () => (await version(page)) > before);
}

const GAMES = [
  { game: 'kvadratura', options: {}, others: 1 },
  { game: 'kvadrat', options: {}, others: 1 },
  { game: 'kvadrat', options: { players: 4 }, others: 3 },
  { game: 'quadrature', options: {}, others: 1 },
  { game: 'quadwrangle', options: {}, others: 1 },
];

describe('axe-core finds no serious or critical violation', () => {
  test('in the lobby', async () => {
    const { page, problems } = await suite.open({ name: 'Ann' });
    await page.locator('#create-game option').first().waitFor({ state: 'attached' });
    await checkBothModes(page, 'lobby');
    assert.deepEqual(problems, []);
  });

  for (const { game, options, others } of GAMES) {
    test(`in a live game of ${game} with ${others + 1} players after a move each`, async () => {
      const { page, problems } = await suite.open({ name: 'Ann' });
      const code = await createRoom(page, game, options);
      await seatOthers(page, code, others);
      await waitUntil(
        async () => (await page.locator('#room').getAttribute('data-status')) === 'playing',
      );
      await playOnBoard(page, game);
      await othersPlay(page);
      await waitUntil(
        async () => (await page.locator('#room').getAttribute('data-to-move')) === '0',
      );
      await checkBothModes(page, `${game} ${others + 1} players`);
      assert.deepEqual(problems, []);
    });
  }

  // The moderator's view is checked in moderation.test.js (it needs the operator's grant).
  test('on the moderation page, refused to a guest', async () => {
    const { page, problems } = await suite.open({ pathname: '/mod' });
    await page.locator('#mod-refused').waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'moderation page, refused');
    await screenshot(page, 'axe-moderation-refused');
    assert.deepEqual(problems, []);
  });

  test('in the replay of a finished game', async () => {
    const { page, problems } = await suite.open({ name: 'Ann' });
    const code = await createRoom(page, 'quadwrangle');
    await seatOthers(page, code, 1);
    await waitUntil(
      async () => (await page.locator('#room').getAttribute('data-status')) === 'playing',
    );
    await playOnBoard(page, 'quadwrangle');
    await othersPlay(page);
    await page.click('#resign-button');
    await page.click('#resign-button');
    await page.click('#replay-button');
    await page.locator('.replay-move').first().waitFor();
    await page.getByRole('button', { name: 'Previous move' }).click();
    await checkBothModes(page, 'replay');
    assert.deepEqual(problems, []);
  });
});
