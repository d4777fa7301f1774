// The analysis board, /analysis/<game> (issue 27 point 3), against the real server and the rules
// compiled to WebAssembly: a Kvadratura game played through the real server's WebSocket and
// resigned is opened from the room's "Analyse" link at its last position, and from the replay's
// at a move; a move entered there gives the notation the native `quadra rules` gives; back,
// another move makes a variation; a bad notation shows the rules' refusal; Quadwrangle's dice are
// typed or rolled; the screen-reader mode takes a typed move; the engine's best move is the
// native search's for the same budget and seed; the page fits a laptop and a phone, and axe
// finds nothing serious. Every expected notation comes from the native binary, never from
// JavaScript.

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
const open = (options) => suite.open(options);

// The native rules' state after `tokens` from notation `position`.
function nativeState(position, tokens = []) {
  return JSON.parse(
    execFileSync(QUADRA, ['rules', '--from', position, ...tokens], { encoding: 'utf8' }),
  );
}

// The native rules' refusal of a notation (exit 2 and the JSON error form).
function nativeRefusal(position) {
  try {
    execFileSync(QUADRA, ['rules', '--from', position], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    assert.equal(error.status, 2);
    return JSON.parse(error.stdout).error.reason;
  }
  throw new Error(`${position} was not refused`);
}

const shown = (page) => page.locator('#analysis').getAttribute('data-position');

async function waitForPosition(page, position, what) {
  await waitUntil(async () => (await shown(page)) === position, { what });
}

// Clicks the board's cell `cell` (Kvadratura: a placement is its cell).
async function playCell(page, cell) {
  await page.click(`.board-cell--active[aria-label^="${cell},"]`);
}

describe('the analysis board against the real server and the WebAssembly rules', () => {
  test('opened from a finished game: its last position, a move, back, a variation', async () => {
    const { page: driver } = await open();
    const game = await playKvadratura(driver, { size: 4, plies: 3, resign: true });
    const last = nativeState(game.position);
    assert.equal(last.status, 'ongoing', 'a resigned game goes on by the rules');
    const [first, second] = last.legal;

    const { page, problems } = await open({ name: 'Cy' });
    await joinByCode(page, game.room, 'spectator');
    await page.locator('#result-banner', { hasText: 'Ada resigned' }).waitFor();
    await page.click('#analyse-link');
    await page.waitForURL(/\/analysis\/kvadratura\?p=/);
    await waitForPosition(page, game.position, 'the game’s last position');
    // The address keeps the game and its ply, so that a reload or the link brings the game back.
    const atLast = `/analysis/kvadratura?p=${encodeURIComponent(game.position)}&game=${game.gameId}&ply=3`;
    const address = () => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    };
    assert.equal(address(), atLast);
    assert.equal(await page.getAttribute('#analysis-link', 'href'), atLast);
    await page.reload();
    await waitForPosition(page, game.position, 'the game’s last position, reloaded');
    await page.locator('.analysis-move').nth(2).waitFor();
    assert.equal(await page.locator('.analysis-move').count(), 3, 'the game’s moves, reloaded');
    assert.equal(await page.inputValue('#analysis-notation'), game.position);
    await screenshot(page, 'analysis-opened');

    // A move for the side to move: the notation is the native rules' after it.
    const afterFirst = nativeState(game.position, [first]).position;
    await playCell(page, first);
    await waitForPosition(page, afterFirst, `the position after ${first}`);
    assert.equal(await page.inputValue('#analysis-notation'), afterFirst);
    // Past the game's end the address is the position's alone.
    assert.equal(address(), `/analysis/kvadratura?p=${encodeURIComponent(afterFirst)}`);
    await page.locator(`.analysis-move--current[data-token="${first}"]`).waitFor();
    await page.locator('#analysis-live', { hasText: first }).waitFor();

    // Back with the button, forward and back again with the keyboard.
    await page.click('#analysis-back');
    await waitForPosition(page, game.position, 'the position before the move');
    await page.keyboard.press('ArrowRight');
    await waitForPosition(page, afterFirst, 'forward by the right arrow');
    await page.keyboard.press('ArrowLeft');
    await waitForPosition(page, game.position, 'back by the left arrow');
    assert.equal(address(), atLast);

    // Another move from there is a variation beside the main line.
    const afterSecond = nativeState(game.position, [second]).position;
    await playCell(page, second);
    await waitForPosition(page, afterSecond, `the position after ${second}`);
    const main = page.locator(
      `#analysis-moves > .analysis-item > .analysis-move[data-token="${first}"]`,
    );
    await main.waitFor();
    const variation = page.locator(`.analysis-variation .analysis-move[data-token="${second}"]`);
    await variation.waitFor();
    assert.equal(await variation.getAttribute('aria-current'), 'step');
    // The game's three moves are the main line before the two entered here (the link carries the
    // game, whose record the board loads).
    assert.equal(await page.locator('.analysis-move').count(), 5);
    const record = await (await fetch(`${suite.server.url}/api/games/${game.gameId}`)).json();
    const mainLine = await page.$$eval(
      '#analysis-moves > .analysis-item > .analysis-move',
      (moves) => moves.map((move) => move.dataset.token),
    );
    assert.deepEqual(mainLine, [...record.moves, first]);
    // The main line's move is a link to its position.
    await main.click();
    await waitForPosition(page, afterFirst, 'the main line’s move, clicked');
    assert.equal(
      await page.getAttribute('#analysis-link', 'href'),
      `/analysis/kvadratura?p=${encodeURIComponent(afterFirst)}`,
    );
    assert.deepEqual(await seriousViolations(page), [], 'axe on the board with a variation');
    await screenshot(page, 'analysis-variation');
    // Copy the notation, and the link to the position.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await page.click('#analysis-copy-notation');
    await waitUntil(async () => (await clipboard()) === afterFirst, {
      what: 'the notation copied',
    });
    await page.click('#analysis-copy-link');
    const link = `${suite.server.url}/analysis/kvadratura?p=${encodeURIComponent(afterFirst)}`;
    await waitUntil(async () => (await clipboard()) === link, { what: 'the link copied' });
    assert.deepEqual(problems, []);
  });

  test('the replay’s Analyse link opens the position the replay shows', async () => {
    const { page: driver } = await open();
    const game = await playKvadratura(driver, { size: 4, plies: 3, resign: true });
    const { page, problems } = await open({ name: 'Di' });
    await joinByCode(page, game.room, 'spectator');
    await page.click('#replay-button');
    const ply = () => page.locator('#replay-host').getAttribute('data-replay-ply');
    await waitUntil(async () => (await ply()) === '3', { what: 'the final position' });
    await page.click('.replay-move[data-ply="1"]');
    await waitUntil(async () => (await ply()) === '1', { what: 'the first move' });
    const served = await fetch(`${suite.server.url}/api/games/${game.gameId}/position?ply=1`);
    const { position } = await served.json();
    const link = page.locator('#replay-analyse');
    await waitUntil(
      async () => (await link.getAttribute('href')).includes(encodeURIComponent(position)),
      {
        what: 'the link to the first move’s position',
      },
    );
    await link.click();
    await waitForPosition(page, position, 'the replay’s position on the analysis board');
    // The link carries the game: its moves are the main line, the first one shown.
    const record = await (await fetch(`${suite.server.url}/api/games/${game.gameId}`)).json();
    const mainLine = await page.$$eval(
      '#analysis-moves > .analysis-item > .analysis-move',
      (moves) => moves.map((move) => move.dataset.token),
    );
    assert.deepEqual(mainLine, record.moves);
    assert.equal(await page.locator('#analysis').getAttribute('data-ply'), '1');
    assert.deepEqual(problems, []);
  });

  test('a bad notation shows the rules’ refusal and leaves the board as it was', async () => {
    const { page, problems } = await open({ pathname: '/analysis/kvadratura', connects: false });
    const start = nativeState('kvadratura:l:8/8/8/8/8/8/8/8').position;
    await waitForPosition(page, start, 'the start position');
    await page.fill('#analysis-notation', 'kvadratura:x');
    await page.click('#analysis-set-up');
    const reason = nativeRefusal('kvadratura:x');
    await page.locator('#analysis-error', { hasText: reason }).waitFor();
    assert.equal(await shown(page), start);
    // A good one replaces the tree; a notation of another game opens that game's board.
    await page.fill('#analysis-notation', 'kvadratura:l:2W/1B1/W2');
    await page.click('#analysis-set-up');
    await waitForPosition(page, 'kvadratura:l:2W/1B1/W2', 'the position set up');
    assert.equal(await page.locator('#analysis-error').textContent(), '');
    // The start of the game keeps the options of the position shown: a 3 × 3 board's.
    await page.click('#analysis-from-start');
    const record = JSON.stringify({ game: 'kvadratura', options: { size: 3 }, moves: [] });
    const start3 = execFileSync(QUADRA, ['rules', '--position'], {
      input: record,
      encoding: 'utf8',
    });
    await waitForPosition(page, start3.trim(), 'the 3 × 3 start');
    const quadwrangle = 'quadwrangle:4:3:000000000:1:0:-';
    await page.fill('#analysis-notation', quadwrangle);
    await page.click('#analysis-set-up');
    await page.waitForURL(/\/analysis\/quadwrangle\?p=/);
    await waitForPosition(page, quadwrangle, 'the Quadwrangle position');
    assert.deepEqual(problems, []);
  });

  test('Quadwrangle: the analyst types the dice of a roll, or rolls them', async () => {
    const start = 'quadwrangle:4:3:000000000:1:0:-';
    const { page, problems } = await open({
      pathname: `/analysis/quadwrangle?p=${encodeURIComponent(start)}`,
      viewport: { width: 1366, height: 768 },
      connects: false,
    });
    await waitForPosition(page, start, 'the start');
    await page.click('.board-button--primary:has-text("Roll")');
    await page.locator('#analysis-dice-form').waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'axe with the dice asked for');
    await page.fill('#analysis-dice', '3662');
    await page.click('#analysis-dice-form button[type=submit]');
    await page.locator('#analysis-dice-error', { hasText: 'exactly 5 digits' }).waitFor();
    await page.fill('#analysis-dice', '36625');
    await page.click('#analysis-dice-form button[type=submit]');
    await waitForPosition(page, nativeState(start, ['roll=36625']).position, 'the roll 36625');
    await page.locator('.analysis-move[data-token="roll=36625"]').waitFor();
    // The dice asked for and the plays they offer are on the first screen of a laptop.
    const play = await page.locator('.board-button--play').first().boundingBox();
    assert.ok(play.y + play.height <= 768, `the play at ${JSON.stringify(play)}`);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    // Back, and a roll from the browser's crypto makes a variation the native rules accept.
    await page.click('#analysis-back');
    await waitForPosition(page, start, 'back at the start');
    await page.click('.board-button--primary:has-text("Roll")');
    await page.click('#analysis-roll');
    await waitUntil(async () => (await shown(page)) !== start, { what: 'a rolled position' });
    const token = await page.locator('.analysis-move--current').getAttribute('data-token');
    assert.match(token, /^roll=[1-6]{5}$/);
    assert.equal(nativeState(start, [token]).position, await shown(page));
    await screenshot(page, 'analysis-quadwrangle');
    assert.deepEqual(problems, []);
  });

  test('the screen-reader mode reads the position and takes a typed move for the side to move', async () => {
    const position = 'kvadratura:l:2W/1B1/W2';
    const { page, problems } = await open({
      pathname: `/analysis/kvadratura?p=${encodeURIComponent(position)}`,
      connects: false,
    });
    await waitForPosition(page, position, 'the position');
    await page.click('#screen-reader-toggle');
    await page.locator('#reader-position li').first().waitFor();
    const [move] = nativeState(position).legal;
    await page.fill('#reader-move-input', move.toUpperCase());
    await page.press('#reader-move-input', 'Enter');
    await waitForPosition(page, nativeState(position, [move]).position, 'the typed move');
    await page.locator('#reader-live', { hasText: move }).waitFor();
    await page.locator('#analysis-live', { hasText: move }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'axe in the screen-reader mode');
    await page.click('#screen-reader-toggle');
    assert.deepEqual(problems, []);
  });

  test('the engine’s best move is the native search’s for the same budget and seed', async () => {
    const position = 'kvadratura:l:4/W3/B3/W3';
    const { page, problems } = await open({
      pathname: `/analysis/kvadratura?p=${encodeURIComponent(position)}`,
      connects: false,
    });
    await waitForPosition(page, position, 'the position');
    await page.click('#analysis-engine');
    const answer = page.locator('#analysis-engine-answer[data-request]');
    await answer.waitFor();
    const request = await answer.getAttribute('data-request');
    const playouts = await answer.getAttribute('data-playouts');
    const native = JSON.parse(
      execFileSync(QUADRA, ['rules', '--from', position, '--best', playouts, '--seed', '1'], {
        encoding: 'utf8',
      }),
    );
    assert.equal(request, native.request);
    assert.match(await answer.textContent(), new RegExp(`Best move: ${request}\\.`));
    // "Play it" enters the move: the notation is the native rules' after it.
    await page.click('#analysis-engine-play');
    await waitForPosition(page, nativeState(position, [request]).position, 'the engine’s move');
    await page.locator(`.analysis-move--current[data-token="${request}"]`).waitFor();
    assert.deepEqual(problems, []);
  });

  test('the page fits a 1366 × 768 laptop and a 390 × 844 phone', async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      for (const game of ['quadrature', 'quadwrangle', 'kvadrat', 'kvadratura']) {
        const { page, problems } = await open({
          pathname: `/analysis/${game}`,
          viewport,
          connects: false,
        });
        await page.locator('#analysis[data-position]').waitFor();
        const fit = await page.evaluate(() => {
          const svg = document.querySelector('.board-svg').getBoundingClientRect();
          const side = document.querySelector('.analysis-side').getBoundingClientRect();
          return {
            scrollWidth: document.documentElement.scrollWidth,
            boardBottom: svg.bottom,
            boardRight: svg.right,
            sideRight: side.right,
          };
        });
        assert.ok(
          fit.scrollWidth <= viewport.width,
          `${game} ${viewport.width}: ${JSON.stringify(fit)}`,
        );
        assert.ok(
          fit.sideRight <= viewport.width,
          `${game} ${viewport.width}: ${JSON.stringify(fit)}`,
        );
        if (viewport.width > 1000) {
          assert.ok(fit.boardBottom <= viewport.height, `${game}: the board on the first screen`);
        }
        await screenshot(page, `analysis-${game}-${viewport.width}`);
        assert.deepEqual(problems, []);
      }
    }
  });
});
