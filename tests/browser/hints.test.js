// The in-game hints (issue #16): pointing at (or focusing) a target explains the move — Kvadrat's
// five-step path and why a cell is out of reach, Quadrature's exchanged men and forbidden steps —
// and Quadwrangle's plays preview on hover, and on a touch screen on a first tap, played by a
// second tap or Confirm. Real `quadra serve` serves the modules, `quadra rules` makes the states
// where a record reaches them, real Chromium points, focuses and taps.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startServer, launchBrowser, QUADRA, TIMEOUT } from './harness.js';
import { quadrature } from '../../web-client/games/quadrature/positions.js';

let server;
let browser;
const contexts = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

// The snapshot of a running room whose game is the record's.
function snapshotOf(game, options, moves) {
  const run = spawnSync(QUADRA, ['rules'], {
    input: JSON.stringify({ game, options, moves }),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr + run.stdout);
  const state = JSON.parse(run.stdout);
  return {
    type: 'snapshot',
    room: 'HINTS1',
    version: moves.length,
    status: 'playing',
    seats: state.seats.map((name) => ({ name, connected: true })),
    spectators: 0,
    last_move: moves.length ? moves[moves.length - 1] : null,
    forced_passes: 0,
    state,
  };
}

// A page holding the boards' stylesheet and one board of `game` showing `snap` to `seat`;
// tokens the board sends go to window.sent. `device`: context options (touch, size).
async function mount(game, snap, seat, device = {}) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...device });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.url}/games/boards.css`);
  await page.evaluate(() => {
    document.documentElement.innerHTML =
      '<head><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<link rel="stylesheet" href="/games/boards.css"></head><body><div id="host"></div></body>';
  });
  await page.evaluate(
    async ([gameId, snapshot, viewerSeat]) => {
      const { boardFor } = await import('/games/index.js');
      window.sent = [];
      window.board = boardFor(gameId).createBoard(document.getElementById('host'), {
        onMove: (token) => window.sent.push(token),
      });
      window.board.update(snapshot, { seat: viewerSeat });
      // The hints are the rules' explanations, from the WebAssembly module the board loads.
      const { whenExplaining } = await import('/engine/explainer.js');
      await new Promise((ready) => whenExplaining(ready));
    },
    [game, snap, seat],
  );
  return { page, problems };
}

const cell = (page, name) => page.locator(`g.board-cell[aria-label^="${name},"]`);
const explain = (page) => page.locator('.board-explain').textContent();
const sent = (page) => page.evaluate(() => window.sent);

describe('Kvadrat', () => {
  test('focusing a target shows its five-step path; an unreachable cell says why', async () => {
    // Black c3, Red h13: Black to move (docs/rules.md §3).
    const { page, problems } = await mount('kvadrat', snapshotOf('kvadrat', {}, ['c3', 'h13']), 0);
    await cell(page, 'f5').focus();
    assert.equal(await explain(page), 'A path of five steps: c3–d3–e3–f3–f4–f5.');
    assert.equal(await page.locator('.board-hint-path').count(), 1);
    assert.equal(await page.locator('.board-hint-step').count(), 5);
    await cell(page, 'c5').focus();
    assert.equal(
      await explain(page),
      'c5: no path of exactly five steps over empty cells starts next to one of your pieces ' +
        'and ends here.',
    );
    assert.equal(await page.locator('.board-hint-path').count(), 0);
    await cell(page, 'h13').hover();
    assert.equal(await explain(page), 'h13 is taken.');
    await page.mouse.move(0, 0);
    assert.equal(await explain(page), '');
    assert.deepEqual(await sent(page), []);
    assert.deepEqual(problems, []);
  });

  test('a first move explains the five rows nearest the edge', async () => {
    const { page } = await mount('kvadrat', snapshotOf('kvadrat', {}, []), 0);
    await cell(page, 'a5').focus();
    assert.equal(await explain(page), 'From your edge: a1–a2–a3–a4–a5.');
    await cell(page, 'a6').focus();
    assert.equal(
      await explain(page),
      'a6: your first piece must land within five rows of your edge.',
    );
  });
});

describe('Quadrature', () => {
  // The notation's board (docs/rules.md §6): rank 11 first, runs of empty cells as numbers.
  function boardField(black, white) {
    const ranks = [];
    for (let rank = 11; rank >= 1; --rank) {
      let text = '';
      let empty = 0;
      for (let file = 0; file < 11; ++file) {
        const name = String.fromCharCode(97 + file) + rank;
        const letter = black.includes(name) ? 'B' : white.includes(name) ? 'W' : '';
        if (!letter) {
          empty += 1;
          continue;
        }
        text += (empty || '') + letter;
        empty = 0;
      }
      ranks.push(text + (empty || ''));
    }
    return ranks.join('/');
  }

  // docs/rules.md §1 examples 1 and 3, Black to move; the legal lists are those the rules give.
  function position(black, white, legal, markers = [0, 0]) {
    const snap = quadrature({ black, white });
    snap.seats = [{ name: 'Ann' }, { name: 'Bob' }];
    snap.state.legal = legal;
    snap.state.board.markers = markers;
    snap.state.position = `quadrature:m:${boardField(black, white)}:b:${markers.join('')}:-:1`;
    return snap;
  }

  test('with a man selected, focusing a target names the men the step exchanges', async () => {
    const snap = position(
      ['e10', 'b8', 'd7'],
      ['b10', 'a11', 'j11', 'k11'],
      ['d7-c7', 'd7-c8', 'd7-d8', 'd7-e7', 'd7-e8'],
    );
    const { page, problems } = await mount('quadrature', snap, 0);
    await cell(page, 'd7').click();
    assert.equal(await explain(page), 'Point at a cell next to d7 to see what the move would do.');
    await cell(page, 'e8').focus();
    assert.equal(await explain(page), 'd7–e8 exchanges b10.');
    assert.equal(await page.locator('.board-hint-mark').count(), 1);
    await cell(page, 'd8').focus();
    assert.equal(await explain(page), 'd7–d8 exchanges nothing.');
    await cell(page, 'e7').focus();
    assert.equal(
      await explain(page),
      'd7–e7 exchanges nothing. A quiet sideways move: your marker goes up to one bar.',
    );
    await cell(page, 'd6').focus();
    assert.equal(await explain(page), 'Men never move backward.');
    assert.deepEqual(await sent(page), []);
    assert.deepEqual(problems, []);
  });

  test('a forbidden step says why: no suicide, with the enemy rectangle marked', async () => {
    const snap = position(
      ['c6', 'e7', 'e5'],
      ['a9', 'a7', 'c9', 'c5', 'k11'],
      ['c6-b6', 'c6-b7', 'c6-d6', 'c6-d7'],
    );
    const { page } = await mount('quadrature', snap, 0);
    await cell(page, 'c6').click();
    await cell(page, 'c7').hover();
    assert.equal(
      await explain(page),
      'c7 is forbidden: it would complete a rectangle with the enemy men on a7, a9, c9.',
    );
    assert.equal(await page.locator('.board-hint-mark').count(), 4);
  });

  test('at two bars a quiet sideways step is explained as not allowed', async () => {
    // A third Black man on k1: a side down to two men has lost.
    const legal = ['a1-a2', 'a1-b2', 'e3-d4', 'k1-j2', 'k1-k2'];
    const snap = position(['e3', 'a1', 'k1'], ['k11', 'a11', 'j11'], legal, [2, 0]);
    const { page } = await mount('quadrature', snap, 0);
    await cell(page, 'e3').click();
    await cell(page, 'f3').focus();
    assert.equal(
      await explain(page),
      'Not allowed: your marker is at two bars, so no third quiet sideways move.',
    );
  });
});

describe('Quadwrangle', () => {
  const roll = () => snapshotOf('quadwrangle', {}, ['roll=66655']);
  const touch = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

  test('on a touch screen a tap previews a play and a second tap plays it', async () => {
    const { page, problems } = await mount('quadwrangle', roll(), 0, touch);
    const lanes = page.locator('.board-button--play', { hasText: 'Lanes' });
    await lanes.tap();
    assert.deepEqual(await sent(page), []);
    assert.equal(await page.locator('.board-lane-plan').count(), 2);
    assert.equal(await page.locator('#play-confirm').textContent(), 'Confirm: Lanes: 5 +1, 6 +2');
    assert.match(await explain(page), /^Lanes: each number shown at least twice .* to play it\.$/);
    await page.locator('.board-button--play', { hasText: 'Lanes' }).tap();
    assert.deepEqual(await sent(page), ['play lanes']);
    assert.deepEqual(problems, []);
  });

  test('on a touch screen Confirm plays the play tapped last', async () => {
    const { page } = await mount('quadwrangle', roll(), 0, touch);
    await page.locator('.board-button--play', { hasText: 'Lanes' }).tap();
    await page.locator('.board-button--play', { hasText: 'High' }).tap();
    assert.deepEqual(await sent(page), []);
    assert.equal(await page.locator('.board-lane-plan').count(), 1);
    assert.equal(
      await explain(page),
      'HIGH: your dice total 28; 23 to 25 moves it 2, 26 or more moves it 3. ' +
        'Tap it again, or press Confirm, to play it.',
    );
    await page.locator('#play-confirm').tap();
    assert.deepEqual(await sent(page), ['play high']);
  });

  test('with a mouse, hovering previews and explains a play and one click plays it', async () => {
    const { page } = await mount('quadwrangle', roll(), 0);
    await page.locator('.board-button--play', { hasText: 'High' }).hover();
    assert.equal(await page.locator('.board-lane-plan').count(), 1);
    assert.equal(
      await explain(page),
      'HIGH: your dice total 28; 23 to 25 moves it 2, 26 or more moves it 3.',
    );
    assert.equal(await page.locator('#play-confirm').count(), 0);
    await page.locator('.board-button--play', { hasText: 'High' }).click();
    assert.deepEqual(await sent(page), ['play high']);
  });
});
