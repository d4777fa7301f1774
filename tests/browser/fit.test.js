// Fitting the screen (issue #16): at 1366×768 and 1280×720 the whole board, the side to move and
// the controls needed to move are in the viewport at scroll 0 for every game; on a 390×844 phone
// every board fits the width and its tap targets are at least 24 px (Kvadrat's through its
// loupe). Rooms open scrolled to the top. Screenshots of every board at the three sizes go to
// the browser artifacts. Real quadra serve, real Chromium.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRoom, waitUntil, screenshot, browserSuite } from './harness.js';

const suite = browserSuite();

const BOARDS = [
  { name: 'quadrature', game: 'quadrature', options: {}, seats: 2 },
  { name: 'quadwrangle', game: 'quadwrangle', options: {}, seats: 2 },
  { name: 'kvadrat-2p', game: 'kvadrat', options: {}, seats: 2 },
  { name: 'kvadrat-4p', game: 'kvadrat', options: { players: 4 }, seats: 4 },
  { name: 'kvadratura', game: 'kvadratura', options: {}, seats: 2 },
];
const DESKTOPS = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
];
const PHONE = { width: 390, height: 844 };

// Ann (seat 0, first to move in every game) against computer players, in a room on screen
// (`device`: a phone's touch options).
async function playingAgainstBots(board, viewport, device = {}) {
  const { page, problems } = await suite.open({ name: 'Ann', viewport, device });
  await createRoom(page, board.game, board.options);
  // The lobby's create button may lie below the fold; the room opens at its top all the same.
  assert.equal(await page.evaluate(() => scrollY), 0, 'the room opens at its top');
  for (let seat = 1; seat < board.seats; seat++) {
    await page.click('#add-bot');
    await page.locator(`#players [data-seat="${seat}"] .conn`, { hasText: 'computer' }).waitFor();
  }
  await waitUntil(
    async () =>
      (await page.locator('#room').getAttribute('data-status')) === 'playing' &&
      (await page.locator('#room').getAttribute('data-to-move')) === '0',
    { what: 'Ann to move' },
  );
  await page.locator('.board-status--act').waitFor();
  return { page, problems };
}

// The box of the first element matching `selector`, and the viewport, at the page's scroll.
async function boxOf(page, selector) {
  return page.evaluate((sel) => {
    const node = document.querySelector(sel);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return {
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      right: r.right,
      width: r.width,
      height: r.height,
      viewWidth: innerWidth,
      viewHeight: innerHeight,
      scrollY,
    };
  }, selector);
}

function assertInView(box, what) {
  assert.ok(box, `${what} is on the page`);
  const where = JSON.stringify(box);
  assert.ok(box.top >= 0 && box.left >= 0, `${what} starts inside the viewport: ${where}`);
  assert.ok(box.bottom <= box.viewHeight + 0.5, `${what} ends above the fold: ${where}`);
  assert.ok(box.right <= box.viewWidth + 0.5, `${what} fits the width: ${where}`);
}

// The smallest cell (or lane square, or die) a finger has to hit, in CSS pixels.
async function smallestTarget(page, board) {
  const selector =
    {
      quadwrangle: '.board-die, .board-button',
      kvadrat: '.board-loupe-cell > rect:first-child, .board-loupe .board-button',
    }[board.game] || '.board-cell > rect:first-child';
  return page.evaluate((sel) => {
    let smallest = Infinity;
    for (const node of document.querySelectorAll(sel)) {
      const r = node.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      smallest = Math.min(smallest, r.width, r.height);
    }
    return smallest;
  }, selector);
}

describe('fitting the screen (issue #16)', () => {
  for (const board of BOARDS) {
    for (const viewport of DESKTOPS) {
      test(`${board.name} at ${viewport.width}×${viewport.height}: board, turn and controls without scrolling`, async () => {
        const { page, problems } = await playingAgainstBots(board, viewport);
        await screenshot(page, `fit-${board.name}-${viewport.width}x${viewport.height}`);
        await page.evaluate(() => scrollTo(0, 0)); // clicking "Add" scrolled to the button
        assertInView(await boxOf(page, '.board-svg'), 'the board');
        assertInView(await boxOf(page, '.board-status'), 'the side to move');
        assertInView(await boxOf(page, '#players .player--to-move'), 'the player to move');
        if (board.game === 'quadwrangle') {
          assertInView(await boxOf(page, '.board-controls'), 'the dice and plays');
        }
        assert.deepEqual(problems, []);
      });
    }
    test(`${board.name} on a 390×844 phone: tap targets of at least 24 px`, async () => {
      const touch = { hasTouch: true, isMobile: true };
      const { page, problems } = await playingAgainstBots(board, PHONE, touch);
      await screenshot(page, `fit-${board.name}-390x844`);
      await page.evaluate(() => scrollTo(0, 0));
      // The page never scrolls sideways: every board fits the width.
      const box = await boxOf(page, '.board-svg');
      assert.ok(box.right <= PHONE.width + 0.5, `the board fits the width: ${JSON.stringify(box)}`);
      const pageWidth = await page.evaluate(() => document.scrollingElement.scrollWidth);
      assert.ok(pageWidth <= PHONE.width, `the page is ${pageWidth} px wide`);
      if (board.game === 'kvadrat') {
        // Kvadrat's 15 × 15 cells are smaller than a finger at this width: a tap opens the
        // loupe, and its cells are what a finger hits.
        await page.locator('#board-host g.board-cell.board-cell--active').first().tap();
        await page.locator('#board-host .board-loupe').waitFor();
        await screenshot(page, `fit-${board.name}-390x844-loupe`);
      }
      const smallest = await smallestTarget(page, board);
      assert.ok(smallest >= 24, `smallest tap target ${smallest} px`);
      assert.deepEqual(problems, []);
    });
  }
});
