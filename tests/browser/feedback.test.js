// Feedback after a move (the newcomer's client): Quadrature's exchanges marked on both players'
// boards and in the replay, Quadwrangle's last dice and play kept in view for the players and a
// spectator, after a reload too, and Kvadrat on a phone: the board fits the width and a move is
// placed through the touch loupe. Real `quadra serve`, real Chromium, real rooms.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browserSuite,
  createRoom,
  joinByCode,
  screenshot,
  version,
  waitUntil,
  online,
  QUADRATURE_EXCHANGE_ON_H4,
} from './harness.js';

const suite = browserSuite();

const cell = (page, name) => page.locator(`#board-host g.board-cell[aria-label^="${name},"]`);

// Waits until `page` (seated at `seat`) may move at version `v`.
async function myTurn(page, seat, v) {
  await waitUntil(
    async () =>
      (await version(page)) === v &&
      (await page.locator('#room').getAttribute('data-to-move')) === String(seat) &&
      (await page.locator('#board-host .board-status--act').count()) === 1,
    { what: `seat ${seat} to move at version ${v}` },
  );
}

// Ann (Black, seat 0) creates a room of `game`, Bob joins as seat 1.
async function twoPlayers(game, options = {}) {
  const ann = await suite.open({ name: 'Ann' });
  const code = await createRoom(ann.page, game, options);
  const bob = await suite.open({ name: 'Bob' });
  await joinByCode(bob.page, code);
  await ann.page.locator('#room[data-status="playing"]').waitFor();
  return { ann, bob, code };
}

// The cells whose men the board marks as just exchanged, read from the drawn rings.
async function ringedCells(page, scope = '#board-host') {
  return page
    .locator(`${scope} g.board-cell:has(.board-exchanged)`)
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label').split(',')[0]).sort());
}

describe('Quadrature: exchanges marked on the board', () => {
  test("both players' boards ring exactly the exchanged man and the legend names it", async () => {
    const { ann, bob } = await twoPlayers('quadrature');
    const moves = QUADRATURE_EXCHANGE_ON_H4;
    for (const [i, move] of moves.entries()) {
      const [from, to] = move.split('-');
      const { page } = i % 2 ? bob : ann;
      await myTurn(page, i % 2, i);
      // Before the exchange nobody's board shows one.
      assert.deepEqual(await ringedCells(page), []);
      await cell(page, from).click();
      await cell(page, to).click();
    }
    for (const { page } of [ann, bob]) {
      await waitUntil(async () => (await version(page)) === moves.length, { what: 'b3-a4' });
      assert.deepEqual(await ringedCells(page), ['h4']);
      assert.equal(await page.locator('#board-host .board-svg .board-exchange-ghost').count(), 1);
      // The plain last-move marks stay on the step itself, apart from the exchange.
      assert.equal(
        await page.locator('#board-host g.board-cell:has(.board-last)').getAttribute('aria-label'),
        'a4, black man, last move to here',
      );
      const legend = page.locator('#board-host .board-exchange-legend');
      assert.equal(
        await legend.textContent(),
        "1 man exchanged on h4: White's man left, Black's took its place.",
      );
      const describedBy = await page
        .locator('#board-host .board-svg')
        .getAttribute('aria-describedby');
      assert.equal(describedBy, await legend.getAttribute('id'));
      assert.match(await cell(page, 'h4').getAttribute('aria-label'), /just exchanged/);
    }
    await screenshot(ann.page, 'feedback-quadrature-exchange-black');
    await screenshot(bob.page, 'feedback-quadrature-exchange-white');

    // White's next step exchanges nothing: the marks go.
    await myTurn(bob.page, 1, moves.length);
    await cell(bob.page, 'j9').click();
    await cell(bob.page, 'j8').click();
    for (const { page } of [ann, bob]) {
      await waitUntil(async () => (await version(page)) === moves.length + 1, { what: 'j9-j8' });
      assert.deepEqual(await ringedCells(page), []);
      assert.equal(await page.locator('#board-host .board-exchange-legend').isHidden(), true);
      assert.equal(
        await page.locator('#board-host .board-svg').getAttribute('aria-describedby'),
        null,
      );
    }

    // Resigned, the game's replay shows the exchange at b3-a4 and none before it.
    await bob.page.click('#resign-button');
    await bob.page.click('#resign-button');
    await bob.page.locator('#replay-button').waitFor();
    await bob.page.click('#replay-button');
    await bob.page.click(`.replay-move[data-ply="${moves.length}"]`);
    await waitUntil(async () => (await ringedCells(bob.page, '.replay')).join() === 'h4', {
      what: 'the replay rings h4',
    });
    assert.match(
      await bob.page.locator('.replay .board-exchange-legend').textContent(),
      /^1 man exchanged on h4/,
    );
    await bob.page.click(`.replay-move[data-ply="${moves.length - 1}"]`);
    await waitUntil(async () => (await ringedCells(bob.page, '.replay')).length === 0, {
      what: 'no rings one move earlier',
    });
    assert.deepEqual(ann.problems, []);
    assert.deepEqual(bob.problems, []);
  });
});

describe("Quadwrangle: the last turn's dice stay in view", () => {
  // The dice the board shows, from the dice buttons' labels ("Die 2: 5, …").
  async function diceShown(page) {
    const labels = await page
      .locator('#board-host .board-die')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
    return labels.map((l) => Number(/: ([1-6])/.exec(l)[1])).join(' ');
  }

  // The seated `page` plays one turn: roll, then the first play offered, re-rolling all dice
  // while none is (a third roll without a play passes by itself). Returns the dice and the play's
  // name, or null for a pass.
  async function playTurn(page) {
    const start = await version(page);
    await page.click('#board-host .board-button--primary');
    for (let roll = 1; ; roll++) {
      await waitUntil(async () => (await version(page)) > start + roll - 1, { what: 'dice' });
      const dice = await diceShown(page);
      const play = page.locator('#board-host .board-button--play:not([disabled])').first();
      if (await play.count()) {
        const name = (await play.textContent()).split(/[: +]/)[0];
        await play.click();
        return { dice, play: name.toUpperCase() };
      }
      if (roll === 3) return { dice, play: null };
      // Keep no die: re-roll all five.
      await page.click('#board-host .board-button--primary');
    }
  }

  test('the players and a spectator see "Ann rolled … — played …" until the next roll, after a reload too', async () => {
    const { ann, bob, code } = await twoPlayers('quadwrangle');
    const carl = await suite.open({ name: 'Carl' });
    await joinByCode(carl.page, code, 'spectator');
    const line = (page) => page.locator('#board-host .board-last-turn');
    const lineText = (page) => line(page).locator('.board-last-turn-text').textContent();
    await myTurn(ann.page, 0, 0);
    for (const { page } of [ann, bob, carl]) assert.equal(await line(page).isHidden(), true);
    const turn = await playTurn(ann.page);
    const expected = turn.play
      ? `Ann rolled ${turn.dice} — played ${turn.play}`
      : `Ann rolled ${turn.dice} — no play, passed`;
    // Ann's page knows first when her turn ended; Bob's follows at the same version.
    await waitUntil(
      async () => (await ann.page.locator('#room').getAttribute('data-to-move')) === '1',
      { what: "Ann's turn over" },
    );
    await myTurn(bob.page, 1, await version(ann.page));
    for (const { page } of [ann, bob, carl]) {
      await waitUntil(async () => (await lineText(page)) === expected, {
        what: `"${expected}" on every board`,
      });
      assert.equal(await line(page).locator('svg').count(), 5);
      // Read aloud with what it is: "Last turn: Ann rolled …".
      assert.equal(await line(page).textContent(), `Last turn: ${expected}`);
    }
    await screenshot(carl.page, 'feedback-quadwrangle-last-turn-spectator');
    // After a reload the record brings it back.
    await bob.page.reload();
    await online(bob.page);
    await waitUntil(async () => (await lineText(bob.page)) === expected, {
      what: 'the last turn after a reload',
    });
    await screenshot(bob.page, 'feedback-quadwrangle-last-turn-reloaded');
    // Bob's roll puts his dice on the board and replaces the line.
    const v = await version(bob.page);
    await bob.page.click('#board-host .board-button--primary');
    for (const { page } of [ann, bob, carl]) {
      await waitUntil(async () => (await version(page)) === v + 1, { what: "Bob's roll" });
      assert.equal(await line(page).isHidden(), true);
    }
    assert.deepEqual(ann.problems, []);
    assert.deepEqual(bob.problems, []);
    assert.deepEqual(carl.problems, []);
  });
});

describe('Kvadrat on a 390×844 touch phone', () => {
  const PHONE = { width: 390, height: 844 };

  // Ann on a touch phone, in a Kvadrat room against the computer, to move.
  async function annOnPhone(options = {}) {
    const device = { hasTouch: true, isMobile: true };
    const { page, problems } = await suite.open({ name: 'Ann', viewport: PHONE, device });
    await createRoom(page, 'kvadrat', options);
    await page.click('#add-bot');
    await myTurn(page, 0, 0);
    return { page, problems };
  }

  const loupe = (page) => page.locator('#board-host .board-loupe');
  const loupeCell = (page, name) =>
    page.locator(`#board-host .board-loupe-cell[data-cell="${name}"]`);

  test('the board fits the width; a tap opens the loupe, whose tap previews and Confirm plays', async () => {
    const { page, problems } = await annOnPhone();
    await page.evaluate(() => scrollTo(0, 0));
    const widths = await page.evaluate(() => ({
      page: document.scrollingElement.scrollWidth,
      board: document.querySelector('#board-host .board-svg').getBoundingClientRect().right,
    }));
    assert.ok(widths.page <= PHONE.width, `the page is ${widths.page} px wide`);
    assert.ok(widths.board <= PHONE.width, `the board ends at ${widths.board} px`);
    await screenshot(page, 'feedback-kvadrat-phone-board');

    // The first tap magnifies; nothing is played.
    await cell(page, 'h3').tap();
    await loupe(page).waitFor();
    assert.equal(await version(page), 0);
    const sizes = await page
      .locator('#board-host .board-loupe-cell > rect')
      .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()));
    assert.equal(sizes.length, 49);
    const smallest = Math.min(...sizes.map((r) => Math.min(r.width, r.height)));
    assert.ok(smallest >= 24, `the loupe's smallest cell is ${smallest} px`);
    assert.ok(Math.max(...sizes.map((r) => r.right)) <= PHONE.width, 'the loupe fits the width');
    // A first move reaches the five ranks nearest the edge: h3's window shows legal marks.
    assert.ok((await loupe(page).locator('.board-legal-dot').count()) > 0);
    assert.equal(
      await page.evaluate(() => document.scrollingElement.scrollWidth <= 390),
      true,
      'the loupe adds no sideways scroll',
    );

    // A tap in the loupe previews: the path as the hint shows it, and Confirm names the cell.
    await loupeCell(page, 'h3').tap();
    assert.equal(
      await page.locator('#board-host .board-explain').textContent(),
      'From your edge: j1–j2–j3–i3–h3.',
    );
    assert.equal(await loupe(page).locator('.board-hint-path').count(), 1);
    assert.equal(await loupe(page).locator('.board-hint-step').count(), 5);
    assert.equal(
      await loupe(page).locator('.board-loupe-status').textContent(),
      'From your edge: j1–j2–j3–i3–h3.',
    );
    const confirm = loupe(page).locator('.board-button--primary');
    assert.equal(await confirm.textContent(), 'Confirm h3');
    assert.equal(await version(page), 0);
    await screenshot(page, 'feedback-kvadrat-phone-loupe');
    await confirm.tap();
    await waitUntil(async () => (await version(page)) >= 1, { what: 'the placement' });
    assert.match(await cell(page, 'h3').getAttribute('aria-label'), /^h3, black piece/);
    assert.equal(await loupe(page).isHidden(), true);

    // Next turn: Escape closes the loupe and plays nothing.
    await myTurn(page, 0, 2);
    const target = await page
      .locator('#board-host g.board-cell.board-cell--active')
      .first()
      .getAttribute('aria-label');
    await cell(page, target.split(',')[0]).tap();
    await loupe(page).waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await loupe(page).isHidden(), true);
    // Cancel does the same.
    await cell(page, target.split(',')[0]).tap();
    await loupe(page).locator('.board-button', { hasText: 'Cancel' }).tap();
    assert.equal(await loupe(page).isHidden(), true);
    assert.equal(await version(page), 2);
    assert.deepEqual(problems, []);
  });
});
