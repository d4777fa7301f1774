// The screen-reader mode (issue "the client a newcomer can learn from"): a header toggle kept in
// localStorage; in a room the position in words, a move typed or chosen from the legal list and
// sent through the board's path, a polite live region announcing the opponent's moves (and the
// dice); an illegal typed move says why and sends nothing; the replay says its position and the
// move stepped to. Two real players on a real `quadra serve`, real Chromium.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browserSuite,
  createRoom,
  joinByCode,
  online,
  screenshot,
  version,
  waitUntil,
} from './harness.js';

const suite = browserSuite();

// Counts the `move` requests a page sends over its WebSockets.
function countMoves(page) {
  const sent = { moves: 0 };
  page.on('websocket', (ws) =>
    ws.on('framesent', (frame) => {
      if (typeof frame.payload === 'string' && /"type":"move"/.test(frame.payload)) sent.moves += 1;
    }),
  );
  return sent;
}

async function readerOn(page) {
  const toggle = page.locator('#screen-reader-toggle');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
}

async function atVersion(pages, v) {
  for (const page of pages) {
    await waitUntil(async () => (await version(page)) === v, { what: `version ${v}` });
  }
}

// A page's live region holds `text`.
async function announced(page, text) {
  await page.locator('#reader-live', { hasText: text }).waitFor();
}

describe('screen-reader mode', () => {
  test('off by default, switched by the header button, remembered after a reload', async () => {
    const { page, problems } = await suite.open();
    const toggle = page.locator('#screen-reader-toggle');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    assert.equal(await toggle.textContent(), 'Screen reader mode');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await page.reload();
    await online(page);
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await toggle.click();
    await page.reload();
    assert.equal(await page.locator('#screen-reader-toggle').getAttribute('aria-pressed'), 'false');
    assert.deepEqual(problems, []);
  });

  test(
    'Kvadratura 4 x 4: moves typed and chosen from the list, announced to the opponent; an ' +
      'illegal one sends nothing; the replay in words',
    async () => {
      const ann = await suite.open({ name: 'Ann' });
      const bob = await suite.open({ name: 'Bob' });
      const annSent = countMoves(ann.page);
      await readerOn(ann.page);
      await readerOn(bob.page);
      const code = await createRoom(ann.page, 'kvadratura', { size: 4 });
      // While the room waits, the panel has the position and no move to choose.
      await ann.page.locator('#reader-position li').first().waitFor();
      await joinByCode(bob.page, code);
      await waitUntil(
        async () => (await ann.page.locator('#room').getAttribute('data-status')) === 'playing',
      );
      const lines = ann.page.locator('#reader-position li');
      await ann.page.locator('#reader-position li', { hasText: 'White (Ann) to move.' }).waitFor();
      assert.equal(
        await lines.nth(1).textContent(),
        '4 by 4 board; whoever completes a square of their colour loses.',
      );
      assert.equal(await lines.nth(2).textContent(), 'White checkers (0): none.');
      // The list holds every legal move, in words.
      assert.equal(await ann.page.locator('#reader-move-select option').count(), 16);

      // Ann types her move; Bob hears it and that it is his turn.
      await ann.page.fill('#reader-move-input', ' B2 ');
      await ann.page.press('#reader-move-input', 'Enter');
      await atVersion([ann.page, bob.page], 1);
      await announced(bob.page, 'White (Ann): b2. Your turn.');
      assert.equal(await ann.page.inputValue('#reader-move-input'), '');
      await bob.page
        .locator('#reader-position li', { hasText: 'White checkers (1): b2.' })
        .waitFor();
      // Bob chooses his from the list: c3.
      await bob.page.selectOption('#reader-move-select', 'c3');
      await bob.page.click('#reader-play');
      await atVersion([ann.page, bob.page], 2);
      await announced(ann.page, 'Black (Bob): c3. Your turn.');
      assert.equal(await ann.page.locator('#board-host .board-cell[aria-label^="c3,"]').count(), 1);

      // Typed on the opponent's turn or illegal: a clear message, nothing sent.
      await bob.page.fill('#reader-move-input', 'a1');
      await bob.page.click('#reader-type-form button[type=submit]');
      await bob.page
        .locator('#reader-move-error', { hasText: 'It is not your turn: White (Ann) is to move.' })
        .waitFor();
      const before = annSent.moves;
      await ann.page.fill('#reader-move-input', 'b2');
      await ann.page.press('#reader-move-input', 'Enter');
      await ann.page
        .locator('#reader-move-error', { hasText: '“b2” is not a legal move now.' })
        .waitFor();
      await ann.page.fill('#reader-move-input', 'z9');
      await ann.page.press('#reader-move-input', 'Enter');
      await ann.page.locator('#reader-move-error', { hasText: '“z9” is not' }).waitFor();
      assert.equal(annSent.moves, before);
      assert.equal(await version(ann.page), 2);
      assert.equal(await ann.page.inputValue('#reader-move-input'), 'z9');
      await screenshot(ann.page, 'screen-reader-room');

      // A third move from the list, then Bob resigns: the end is announced.
      await ann.page.selectOption('#reader-move-select', 'd1');
      await ann.page.click('#reader-play');
      await atVersion([ann.page, bob.page], 3);
      await announced(bob.page, 'White (Ann): d1. Your turn.');
      await bob.page.click('#resign-button');
      await bob.page.click('#resign-button');
      await announced(ann.page, 'Game over: White (Ann) wins');

      // The replay says its position and each move stepped to.
      await ann.page.click('#replay-button');
      await ann.page
        .locator('#replay-reader-position li', { hasText: 'White checkers (2): d1, b2.' })
        .waitFor();
      await ann.page.getByRole('button', { name: 'Previous move' }).click();
      await ann.page.locator('#replay-reader-live', { hasText: 'Move 2: Bob: c3' }).waitFor();
      await ann.page
        .locator('#replay-reader-position li', { hasText: 'White checkers (1): b2.' })
        .waitFor();
      await screenshot(ann.page, 'screen-reader-replay');
      assert.deepEqual(ann.problems, []);
      assert.deepEqual(bob.problems, []);
    },
  );

  test('Quadwrangle: a typed roll is announced with its dice to the opponent and a spectator', async () => {
    const ann = await suite.open({ name: 'Ann' });
    const bob = await suite.open({ name: 'Bob' });
    const cy = await suite.open({ name: 'Cy' });
    for (const { page } of [ann, bob, cy]) await readerOn(page);
    const code = await createRoom(ann.page, 'quadwrangle');
    await joinByCode(bob.page, code);
    await joinByCode(cy.page, code, 'spectator');
    // A spectator has the position and the announcements, and no move form.
    await cy.page.locator('#reader-watching', { hasText: 'You are watching' }).waitFor();
    assert.equal(await cy.page.locator('#reader-move-input').isVisible(), false);
    await ann.page
      .locator('#reader-position li', { hasText: 'The dice are not rolled yet.' })
      .waitFor();
    await ann.page.fill('#reader-move-input', 'roll');
    await ann.page.press('#reader-move-input', 'Enter');
    await bob.page
      .locator('#reader-live', { hasText: /^Player 1 \(Ann\) rolled [1-6]( [1-6]){4}\.$/ })
      .waitFor();
    const dice = (await bob.page.textContent('#reader-live')).match(/[1-6]( [1-6]){4}/)[0];
    await cy.page.locator('#reader-live', { hasText: `Player 1 (Ann) rolled ${dice}.` }).waitFor();
    await ann.page
      .locator('#reader-position li', { hasText: `Dice: ${dice} (roll 1 of 3).` })
      .waitFor();
    // The re-rolls are in the list with the dice they would throw again.
    await ann.page
      .locator('#reader-move-select option', {
        hasText: `Re-roll dice 1 2 3 4 5 (showing ${dice})`,
      })
      .waitFor({ state: 'attached' });
    for (const { problems } of [ann, bob, cy]) assert.deepEqual(problems, []);
  });
});
