// Every control by keyboard alone (issue "the client a newcomer can learn from"): the lobby's
// create form, a waiting room's computer seat, the board's cells (Kvadratura's one step and
// Quadrature's two), resigning with its confirmation, the replay, a spectator taking a seat, a
// draw offer, leaving, and Quadwrangle's roll, dice and plays. Focus stays where the user was
// when a snapshot redraws the controls. Real `quadra serve`, real Chromium, keys only.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, createRoom, joinByCode, screenshot, version, waitUntil } from './harness.js';

const suite = browserSuite();

// A short description of the focused element: "#id", ".board-cell b2, black man, …" or "body".
function focused(page) {
  return page.evaluate(() => {
    const node = document.activeElement;
    if (!node || node === document.body) return 'body';
    const label = node.getAttribute('aria-label');
    if (node.classList.contains('board-cell')) return `.board-cell ${label}`;
    const words = (label || node.textContent || '').trim();
    return node.id ? `#${node.id}` : `${node.tagName.toLowerCase()} ${words}`;
  });
}

// Presses Tab (Shift+Tab with `back`) until the focused element's description starts with
// `wanted`; returns every description passed on the way.
async function tabTo(page, wanted, { back = false, max = 60 } = {}) {
  const passed = [];
  for (let i = 0; i < max; ++i) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    passed.push(now);
    if (now.startsWith(wanted)) return passed;
  }
  throw new Error(`no ${wanted} within ${max} tabs: ${passed.join(' | ')}`);
}

// Presses ArrowDown on the focused <select> until its value is `value`.
async function chooseByKeys(page, selector, value) {
  for (let i = 0; i < 10 && (await page.inputValue(selector)) !== value; ++i) {
    await page.keyboard.press('ArrowDown');
  }
  assert.equal(await page.inputValue(selector), value);
}

// Puts the focus on the page's first element (the skip link), where Tab starts from.
async function fromTop(page) {
  await page.focus('a.skip-link');
}

const attr = (page, name) => page.locator('#room').getAttribute(`data-${name}`);

describe('by keyboard alone', () => {
  test('create a room, seat the computer, place a checker, resign, step through the replay', async () => {
    const { page, problems } = await suite.open({ name: 'Ann' });
    await page.locator('#create-game option').first().waitFor({ state: 'attached' });
    await fromTop(page);
    const lobby = await tabTo(page, '#create-game');
    assert.ok(lobby.includes('#seek-game') && lobby.includes('#seek-button'), lobby.join(' | '));
    await chooseByKeys(page, '#create-game', 'kvadratura');
    const form = await tabTo(page, '#create-button');
    for (const control of ['#opt-size', '#opt-mode', '#create-clock', '#create-public']) {
      assert.ok(form.includes(control), `${control} in ${form.join(' | ')}`);
    }
    await page.keyboard.press('Enter');
    await page.locator('#room-code').waitFor();
    await waitUntil(async () => (await attr(page, 'status')) === 'waiting', { what: 'the room' });

    // The computer's strength and seat.
    const room = await tabTo(page, '#bot-level');
    assert.ok(room.includes('#leave-button'), room.join(' | '));
    await chooseByKeys(page, '#bot-level', 'hard');
    await tabTo(page, '#add-bot');
    await page.keyboard.press('Enter');
    await waitUntil(async () => (await attr(page, 'status')) === 'playing', { what: 'the start' });
    // The seat tools are gone; the focus went on to the board, on a cell White may take.
    const cell = await focused(page);
    assert.match(cell, /^\.board-cell [a-h][1-8], empty, legal move/);
    await page.keyboard.press('ArrowRight');
    const target = (await focused(page)).split(' ')[1].replace(',', '');
    await page.keyboard.press('Enter');
    await waitUntil(async () => (await version(page)) >= 1, { what: 'the move' });
    await page.locator(`.board-cell[aria-label^="${target}, white"]`).waitFor();
    await waitUntil(async () => (await version(page)) >= 2, { what: "the computer's reply" });

    // Resign: the confirmation keeps the focus, Enter again resigns.
    await tabTo(page, '#resign-button');
    await page.keyboard.press('Enter');
    await page.locator('#resign-button', { hasText: 'Confirm: resign' }).waitFor();
    assert.equal(await focused(page), '#resign-button');
    await page.keyboard.press('Enter');
    await waitUntil(async () => (await attr(page, 'status')) === 'finished', { what: 'the end' });
    assert.notEqual(await focused(page), 'body');

    // The replay: opened, stepped with the arrow keys, closed, the focus back on its button.
    await tabTo(page, '#replay-button', { back: true });
    await page.keyboard.press('Enter');
    const ply = () => page.locator('#replay-host').getAttribute('data-replay-ply');
    const plies = await version(page);
    await waitUntil(async () => (await ply()) === String(plies), { what: 'the last position' });
    await page.keyboard.press('ArrowLeft');
    await waitUntil(async () => (await ply()) === String(plies - 1), { what: 'a step back' });
    await page.keyboard.press('Home');
    await waitUntil(async () => (await ply()) === '0', { what: 'the start' });
    await tabTo(page, '#replay-close', { back: true });
    await page.keyboard.press('Enter');
    assert.equal(await focused(page), '#replay-button');
    assert.deepEqual(problems, []);
  });

  test(
    'a spectator takes a seat; Quadrature: tab through the room, select a man and step it; ' +
      'offer a draw; leave',
    async () => {
      const ann = await suite.open({ name: 'Ann' });
      const bob = await suite.open({ name: 'Bob' });
      const code = await createRoom(ann.page, 'quadrature');
      await joinByCode(bob.page, code, 'spectator');
      await fromTop(bob.page);
      await tabTo(bob.page, 'button Sit as White');
      await bob.page.keyboard.press('Enter');
      await waitUntil(async () => (await attr(ann.page, 'status')) === 'playing');

      // Ann, from the top of the page: the room's controls, then the board's tab stop on a man
      // that can move.
      await fromTop(ann.page);
      const passed = await tabTo(ann.page, '.board-cell');
      for (const control of ['#screen-reader-toggle', '#room-rules-link', '#leave-button']) {
        assert.ok(passed.includes(control), `${control} in ${passed.join(' | ')}`);
      }
      assert.equal(passed.at(-1), '.board-cell b2, black man, can move');
      // b3 is above b2: select it, then b4 above it, and step.
      await ann.page.keyboard.press('ArrowUp');
      assert.match(await focused(ann.page), /^\.board-cell b3, black man, can move/);
      await ann.page.keyboard.press('Enter');
      await ann.page.keyboard.press('ArrowUp');
      assert.match(await focused(ann.page), /^\.board-cell b4, empty, legal move/);
      await ann.page.keyboard.press(' ');
      for (const page of [ann.page, bob.page]) {
        await waitUntil(async () => (await version(page)) === 1, { what: 'b3-b4 everywhere' });
      }
      await bob.page
        .locator('.board-cell[aria-label^="b4, black man"][aria-label*="last move"]')
        .waitFor();
      await screenshot(ann.page, 'keyboard-quadrature');

      // Past the board: the room's own buttons.
      const after = await tabTo(ann.page, '#offer-draw');
      assert.deepEqual(after, ['#resign-button', '#offer-draw']);
      await ann.page.keyboard.press('Enter');
      await bob.page.locator('#accept-draw').waitFor();
      assert.notEqual(await focused(ann.page), 'body');

      // Bob goes back to the lobby (his seat is kept).
      await fromTop(bob.page);
      await tabTo(bob.page, '#leave-button');
      await bob.page.keyboard.press('Enter');
      await bob.page.locator('#lobby:not([hidden])').waitFor();
      assert.deepEqual(ann.problems, []);
      assert.deepEqual(bob.problems, []);
    },
  );

  test('Quadwrangle: roll, keep dice, play; the focus stays on the board', async () => {
    const ann = await suite.open({ name: 'Ann' });
    const bob = await suite.open({ name: 'Bob' });
    const code = await createRoom(ann.page, 'quadwrangle');
    await joinByCode(bob.page, code);
    const page = ann.page;
    await fromTop(page);
    await tabTo(page, 'button Roll the dice');
    await page.keyboard.press('Enter');
    await waitUntil(async () => (await version(page)) === 1, { what: 'the roll' });
    // The roll button stays focused; the dice before it are keys to keep.
    assert.match(await focused(page), /^button Re-roll/);
    await page.keyboard.press('Shift+Tab');
    assert.match(await focused(page), /^button Die 5/);
    await page.keyboard.press('Space');
    assert.equal(await page.locator('.board-die').nth(4).getAttribute('aria-pressed'), 'true');
    // A play when the dice offer one, else a re-roll, until the turn passes.
    for (let roll = 1; (await attr(page, 'to-move')) === '0'; ++roll) {
      const plays = page.locator('.board-button--play:not([disabled])');
      const v = await version(page);
      if (await plays.count()) {
        await tabTo(page, `button ${(await plays.first().textContent()).trim()}`);
      } else {
        await tabTo(page, 'button Re-roll');
      }
      await page.keyboard.press('Enter');
      await waitUntil(async () => (await version(page)) > v, { what: `step ${roll}` });
      assert.ok(roll < 5, 'the turn ends within three rolls');
    }
    // The dice went to Bob: the focus waits on the board's status line, not the page's start.
    assert.match(await focused(page), /^p /);
    assert.deepEqual(ann.problems, []);
    assert.deepEqual(bob.problems, []);
  });
});
