// The engine on the analysis board and the game review (issue 27 point 4), against the real
// server, the rules and engine compiled to WebAssembly in their Web Worker, and real Chromium:
// the engine panel draws each step of its growing search (best move, each side's chance, the
// line, the three most searched moves), the last one the native `quadra rules --analyse`'s for
// the same budget and seed, and Stop keeps the step reached; a Kvadratura game played through
// the server with a planted blunder (White completes a square of its own in first_square_loses)
// opened from the room's "Analyse" link has its moves as the main line, and the review marks that
// move a blunder, its mark showing its position on the board. Expected figures come from the
// native binary, never from JavaScript.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  QUADRA,
  browserSuite,
  joinByCode,
  playKvadratura,
  screenshot,
  seriousViolations,
  waitUntil,
} from './harness.js';

const suite = browserSuite();

function native(...args) {
  return JSON.parse(execFileSync(QUADRA, ['rules', ...args], { encoding: 'utf8' }));
}

const percent = (value) => Math.round(value * 100);

// 5 × 5 first_square_loses: White's seventh move b2 completes a1 a2 b1 b2, its own square, and
// loses at once where e1 kept about 64 % (native --analyse 1000 --seed 1).
const START = 'kvadratura:l:5/5/5/5/5';
const MOVES = ['a1', 'e5', 'a2', 'e4', 'b1', 'd5', 'b2'];

const shown = (page) => page.locator('#analysis').getAttribute('data-position');

describe('the engine panel and the game review', () => {
  test('the engine panel shows each step of its search, the last the native analysis', async () => {
    const position = 'kvadratura:l:4/W3/B3/W3';
    const { page, problems } = await suite.open({
      pathname: `/analysis/kvadratura?p=${encodeURIComponent(position)}`,
      connects: false,
    });
    await waitUntil(async () => (await shown(page)) === position, { what: 'the position' });
    // Every budget the answer shows, in order, as the worker posts it.
    await page.evaluate(() => {
      window.stepsSeen = [];
      const answer = document.getElementById('analysis-engine-answer');
      new MutationObserver(() => {
        const playouts = answer.dataset.playouts;
        if (playouts && window.stepsSeen.at(-1) !== playouts) window.stepsSeen.push(playouts);
      }).observe(answer, { attributes: true, attributeFilter: ['data-playouts'] });
    });
    await page.selectOption('#analysis-engine-level', 'medium');
    await page.click('#analysis-engine');
    await page.locator('#analysis-engine-status[data-state="done"]').waitFor();
    assert.deepEqual(await page.evaluate(() => window.stepsSeen), ['250', '500', '800']);

    const seen = native('--from', position, '--analyse', '800', '--seed', '1');
    const answer = page.locator('#analysis-engine-answer');
    assert.equal(await answer.getAttribute('data-request'), seen.request);
    assert.match(await answer.textContent(), new RegExp(`^Best move: ${seen.request}\\. Black’s`));
    assert.equal(
      await page.getAttribute('#analysis-engine-line', 'data-line'),
      seen.line.join(' '),
    );
    assert.equal(
      await page.textContent('#analysis-engine-chances'),
      `Chances to win: White ${percent(seen.seat_values[0])} %, Black ${percent(seen.seat_values[1])} %.`,
    );
    const top = await page.$$eval('#analysis-engine-top li', (items) =>
      items.map((li) => ({ request: li.dataset.request, text: li.textContent })),
    );
    assert.deepEqual(
      top,
      seen.moves.slice(0, 3).map((move) => ({
        request: move.request,
        text: `${move.request}: ${percent(move.value)} % (${move.visits} playouts)`,
      })),
    );
    assert.deepEqual(await seriousViolations(page), [], 'axe on the engine’s answer');
    await screenshot(page, 'review-engine-panel');
    assert.deepEqual(problems, []);
  });

  test('in 4-player Kvadrat the panel gives each seat’s chance to win', async () => {
    const record = JSON.stringify({ game: 'kvadrat', options: { players: 4 }, moves: [] });
    const position = execFileSync(QUADRA, ['rules', '--position'], {
      input: record,
      encoding: 'utf8',
    }).trim();
    const { page, problems } = await suite.open({
      pathname: `/analysis/kvadrat?p=${encodeURIComponent(position)}`,
      connects: false,
    });
    await waitUntil(async () => (await shown(page)) === position, { what: 'the position' });
    await page.selectOption('#analysis-engine-level', 'medium');
    await page.click('#analysis-engine');
    await page.locator('#analysis-engine-status[data-state="done"]').waitFor();
    const seen = native('--from', position, '--analyse', '800', '--seed', '1');
    const seats = native('--from', position).seats;
    assert.equal(seen.seat_values.length, 4);
    const each = seen.seat_values.map((value, seat) => `${seats[seat]} ${percent(value)} %`);
    assert.equal(
      await page.textContent('#analysis-engine-chances'),
      `Chances to win: ${each.join(', ')}.`,
    );
    assert.deepEqual(problems, []);
  });

  test('Stop ends the search and keeps the last step, the native analysis at its budget', async () => {
    const { page, problems } = await suite.open({
      pathname: '/analysis/kvadratura',
      connects: false,
    });
    await page.locator('#analysis[data-position]').waitFor();
    const position = await shown(page);
    await page.selectOption('#analysis-engine-level', 'expert');
    await page.click('#analysis-engine');
    await page.locator('#analysis-engine-answer[data-playouts]').waitFor();
    await page.click('#analysis-engine-stop');
    await page.locator('#analysis-engine-status[data-state="stopped"]').waitFor();
    const playouts = await page.getAttribute('#analysis-engine-answer', 'data-playouts');
    assert.ok(Number(playouts) < 25000, `stopped at ${playouts}`);
    assert.equal(
      await page.textContent('#analysis-engine-status'),
      `Stopped at ${playouts} playouts.`,
    );
    const seen = native('--from', position, '--analyse', playouts, '--seed', '1');
    assert.equal(await page.getAttribute('#analysis-engine-answer', 'data-request'), seen.request);
    assert.equal(await page.isHidden('#analysis-engine-stop'), true);
    assert.equal(await page.isEnabled('#analysis-engine'), true);
    assert.deepEqual(problems, []);
  });

  test('the review of a game from the room marks its planted blunder, linked to its move', async () => {
    const { page: driver } = await suite.open();
    const game = await playKvadratura(driver, { size: 5, moves: MOVES });
    assert.equal(game.status, 'finished');
    const final = native('--from', START, ...MOVES);
    assert.equal(final.result.reason, 'White completed a square');
    assert.equal(game.position, final.position);

    const { page, problems } = await suite.open({
      name: 'Cy',
      viewport: { width: 1366, height: 768 },
    });
    await joinByCode(page, game.room, 'spectator');
    await page.click('#analyse-link');
    await page.waitForURL(/\/analysis\/kvadratura\?p=/);
    await waitUntil(async () => (await shown(page)) === final.position, { what: 'the last move' });
    // The game's moves are the main line, the last one shown.
    const line = await page.$$eval('#analysis-moves > .analysis-item > .analysis-move', (moves) =>
      moves.map((move) => move.dataset.token),
    );
    assert.deepEqual(line, MOVES);
    assert.equal(await page.getAttribute('#analysis', 'data-ply'), '7');

    await page.click('#review-start');
    await page.locator('#review-status[data-state="done"]').waitFor();
    assert.equal(await page.locator('#review-graph polyline').count(), 1);
    assert.equal(await page.locator('#review-summary-table tbody tr').count(), MOVES.length);
    const blunders = page.locator('.review-mark[data-mark="blunder"][data-ply="7"]');
    const before = native(
      '--from',
      START,
      ...MOVES.slice(0, 6),
      '--analyse',
      '1000',
      '--seed',
      '1',
    );
    assert.equal(
      await blunders.textContent(),
      `Blunder: move 7, White b2 (${percent(before.seat_values[0])} % → 0 %)`,
    );
    assert.equal((await page.locator('#review-graph .review-dot--blunder').count()) >= 1, true);
    assert.deepEqual(await seriousViolations(page), [], 'axe on the review');
    await screenshot(page, 'review-graph');
    // The review fits a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide on a phone`);
    await screenshot(page, 'review-graph-phone');
    await page.setViewportSize({ width: 1366, height: 768 });

    // The mark shows its move: back at the start first, then the mark's position.
    await page.click('#analysis-first');
    await waitUntil(async () => (await shown(page)) === START, { what: 'the start' });
    await blunders.click();
    await waitUntil(async () => (await shown(page)) === final.position, { what: 'the blunder' });
    assert.equal(await page.getAttribute('#analysis', 'data-ply'), '7');
    await page.locator('.analysis-move--current[data-token="b2"]').waitFor();
    assert.deepEqual(problems, []);
  });

  test('a review of moves entered on the board can be stopped, and run again to its end', async () => {
    const { page, problems } = await suite.open({
      pathname: '/analysis/kvadratura',
      connects: false,
    });
    await page.locator('#analysis[data-position]').waitFor();
    assert.equal(await page.isHidden('.analysis-review'), true, 'no line, no review');
    for (const cell of ['a1', 'h8', 'b1', 'g8']) {
      await page.click(`.board-cell--active[aria-label^="${cell},"]`);
      await page.locator(`.analysis-move--current[data-token="${cell}"]`).waitFor();
    }
    await page.click('#review-start');
    await page.locator('#review-status[data-state="reviewing"]').waitFor();
    await page.click('#review-stop');
    await page.locator('#review-status[data-state="stopped"]').waitFor();
    assert.equal(await page.locator('#review-graph').count(), 0);
    assert.equal(await page.isEnabled('#review-start'), true);
    await page.click('#review-start');
    await page.locator('#review-status[data-state="done"]').waitFor();
    assert.equal(await page.locator('#review-graph polyline').count(), 1);
    assert.equal(await page.locator('#review-summary-table tbody tr').count(), 4);
    assert.deepEqual(problems, []);
  });
});
