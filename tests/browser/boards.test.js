// The four boards on their own: real `quadra serve` serves the modules, real `quadra rules`
// makes the states, real Chromium clicks and types. Checks that boards send exactly the tokens
// the snapshot lists, highlight legal and last moves, and work by keyboard and at phone width.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startServer, launchBrowser, QUADRA, TIMEOUT } from './harness.js';

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

// The state `quadra rules` prints for a record: exactly a snapshot's `state`.
function rulesState(game, options, moves) {
  const run = spawnSync(QUADRA, ['rules'], {
    input: JSON.stringify({ game, options, moves }),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr + run.stdout);
  return JSON.parse(run.stdout);
}

function snapshotOf(game, options, moves, names) {
  const state = rulesState(game, options, moves);
  return {
    type: 'snapshot',
    room: 'TEST01',
    version: moves.length,
    status: state.status === 'ongoing' ? 'playing' : 'finished',
    seats: names.map((name) => ({ name, connected: true })),
    spectators: 0,
    last_move: moves.length ? moves[moves.length - 1] : null,
    forced_passes: 0,
    state,
  };
}

// A page on the server's origin holding only the boards' stylesheet and one host element.
async function blankPage(viewport = { width: 1200, height: 900 }) {
  if (context) await context.close();
  context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => {
    // The bare page has no icon link, so Chromium asks for /favicon.ico: not the boards' fault.
    const from = m.location().url || '';
    if (m.type() === 'error' && !from.endsWith('/favicon.ico')) {
      problems.push(`${m.text()} ${from}`);
    }
  });
  await page.goto(`${server.url}/boards/boards.css`);
  await page.evaluate(() => {
    document.documentElement.innerHTML =
      '<head><link rel="stylesheet" ' +
      'href="/boards/boards.css"></head><body><div id="host"></div></body>';
  });
  return { page, problems };
}

// Creates the board for `game` in the page and shows `snap` to `seat`; tokens sent go to
// window.sent.
async function mount(page, game, snap, seat) {
  await page.evaluate(
    async ([gameId, snapshot, viewerSeat]) => {
      const { boardFor } = await import('/boards/index.js');
      window.sent = [];
      window.board = boardFor(gameId).createBoard(document.getElementById('host'), {
        onMove: (token) => window.sent.push(token),
      });
      window.board.update(snapshot, { seat: viewerSeat });
    },
    [game, snap, seat],
  );
}

const sent = (page) => page.evaluate(() => window.sent);
const cell = (page, name) => page.locator(`.board-cell[aria-label^="${name},"]`);

describe('boards', () => {
  test('boardFor knows the four games and nothing else', async () => {
    const { page, problems } = await blankPage();
    const found = await page.evaluate(async () => {
      const { boardFor } = await import('/boards/index.js');
      return ['quadrature', 'quadwrangle', 'kvadrat', 'kvadratura', 'chess', 'toString'].map(
        (id) => typeof (boardFor(id) || {}).createBoard,
      );
    });
    assert.deepEqual(found, [
      'function',
      'function',
      'function',
      'function',
      'undefined',
      'undefined',
    ]);
    assert.deepEqual(problems, []);
  });

  test('Quadrature: click a man, then a destination; the token is a legal one', async () => {
    const { page, problems } = await blankPage();
    const snap = snapshotOf('quadrature', {}, [], ['Ann', 'Bob']);
    await mount(page, 'quadrature', snap, 0);
    const froms = new Set(snap.state.legal.map((t) => t.split('-')[0]));
    assert.equal(await page.locator('.board-cell[aria-label*="can move"]').count(), froms.size);
    assert.equal(await page.locator('.board-cell[aria-label*="legal move"]').count(), 0);
    await cell(page, 'c3').click();
    const targets = snap.state.legal.filter((t) => t.startsWith('c3-')).map((t) => t.slice(3));
    const shown = await page
      .locator('.board-cell[aria-label*="legal move"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label').split(',')[0]));
    assert.deepEqual(shown.sort(), targets.sort());
    assert.match(await cell(page, 'c3').getAttribute('aria-label'), /selected/);
    await cell(page, 'e5').click(); // not a destination of c3: drops the selection
    assert.deepEqual(await sent(page), []);
    await cell(page, 'c3').click();
    await cell(page, 'c4').click();
    assert.deepEqual(await sent(page), ['c3-c4']);
    assert.deepEqual(problems, []);
  });

  test('Quadrature: by keyboard, arrows move focus and Enter selects and moves', async () => {
    const { page } = await blankPage();
    await mount(page, 'quadrature', snapshotOf('quadrature', {}, [], ['Ann', 'Bob']), 0);
    await cell(page, 'b3').focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(
      await page.evaluate(() => document.activeElement.getAttribute('aria-label').split(',')[0]),
      'c3',
    );
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    assert.deepEqual(await sent(page), ['c3-c4']);
  });

  test('Quadrature: White sees the board turned, the last move and the exchanged men', async () => {
    const { page } = await blankPage();
    // White walks h9 to h4; Black's b3-a4 then squares h4 (rectangle a3-a4-h4-h3).
    const moves = [
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
    const snap = snapshotOf('quadrature', {}, moves, ['Ann', 'Bob']);
    await mount(page, 'quadrature', snap, 1);
    assert.match(await cell(page, 'a4').getAttribute('aria-label'), /last move to here/);
    assert.match(await cell(page, 'b3').getAttribute('aria-label'), /last move from here/);
    const exchanged = await page
      .locator('.board-cell[aria-label*="just exchanged"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label').split(',')[0]));
    assert.deepEqual(exchanged, ['h4']);
    assert.equal(
      await cell(page, 'h4').getAttribute('aria-label'),
      'h4, black man, just exchanged',
    );
    assert.deepEqual(await page.locator('.board-seat-detail').allTextContents(), [
      '19 men',
      '17 men',
    ]);
    // Turned for White: rank 1 is at the top of the screen.
    const y1 = (await cell(page, 'a1').boundingBox()).y;
    const y11 = (await cell(page, 'a11').boundingBox()).y;
    assert.ok(y1 < y11, `a1 (${y1}) above a11 (${y11})`);
  });

  test('Quadrature: a spectator and the side not to move can click nothing', async () => {
    const { page } = await blankPage();
    const snap = snapshotOf('quadrature', {}, [], ['Ann', 'Bob']);
    for (const seat of [null, 1]) {
      await mount(page, 'quadrature', snap, seat);
      assert.equal(await page.locator('.board-cell--active').count(), 0);
      await cell(page, 'c3').click();
      await cell(page, 'c4').click();
      assert.deepEqual(await sent(page), []);
      await page.evaluate(() => {
        window.board.destroy();
      });
      assert.equal(await page.locator('#host').innerHTML(), '');
    }
  });

  test('Quadwrangle: keep two dice, re-roll the other three, then play', async () => {
    const { page, problems } = await blankPage();
    const moves = ['roll=66655', 'play lanes', 'roll=12345', 'play run', 'roll=35546'];
    const snap = snapshotOf('quadwrangle', {}, moves, ['Ann', 'Bob']);
    await mount(page, 'quadwrangle', snap, 0);
    const plays = await page.locator('.board-button--play').allTextContents();
    assert.deepEqual(plays, ['High +2', 'Lanes: 5 +1']);
    const dice = page.locator('.board-die');
    await dice.nth(0).click();
    await dice.nth(2).focus();
    await page.keyboard.press('Space');
    assert.equal(await dice.nth(0).getAttribute('aria-pressed'), 'true');
    assert.equal(await dice.nth(2).getAttribute('aria-pressed'), 'true');
    assert.equal(await dice.nth(1).getAttribute('aria-label'), 'Die 2: 5, will be re-rolled');
    const reroll = page.locator('.board-button--primary');
    assert.equal(await reroll.textContent(), 'Re-roll 3 dice (roll 2 of 3)');
    await reroll.click();
    assert.deepEqual(await sent(page), ['reroll 2 4 5']);
    await page.locator('.board-button--play', { hasText: 'High' }).click();
    assert.deepEqual(await sent(page), ['reroll 2 4 5', 'play high']);
    assert.deepEqual(problems, []);
  });

  test('Quadwrangle: all five kept means no re-roll; a new roll releases the dice', async () => {
    const { page } = await blankPage();
    const moves = ['roll=35546'];
    await mount(page, 'quadwrangle', snapshotOf('quadwrangle', {}, moves, ['Ann', 'Bob']), 0);
    for (let i = 0; i < 5; ++i) await page.locator('.board-die').nth(i).click();
    assert.equal(await page.locator('.board-button--primary').isDisabled(), true);
    const next = snapshotOf('quadwrangle', {}, [...moves, 'reroll 1=15546'], ['Ann', 'Bob']);
    await page.evaluate((snap) => window.board.update(snap, { seat: 0 }), next);
    assert.equal(await page.locator('.board-die[aria-pressed="true"]').count(), 0);
    assert.equal(
      await page.locator('.board-button--primary').textContent(),
      'Re-roll 5 dice (roll 3 of 3)',
    );
    assert.deepEqual(await sent(page), []);
  });

  test('Quadwrangle: before the roll only Roll works; no play means a Pass button', async () => {
    const { page } = await blankPage();
    await mount(page, 'quadwrangle', snapshotOf('quadwrangle', {}, [], ['Ann', 'Bob']), 0);
    assert.equal(await page.locator('.board-die--empty').count(), 5);
    await page.locator('.board-button--primary', { hasText: 'Roll' }).click();
    assert.deepEqual(await sent(page), ['roll']);
    const moves = ['roll=12346', 'reroll 5=12346', 'reroll 5=12346'];
    await mount(
      page,
      'quadwrangle',
      snapshotOf('quadwrangle', {}, moves.slice(0, 2), ['Ann', 'Bob']),
      0,
    );
    assert.equal(await page.locator('.board-button--play').count(), 0);
    await page.locator('.board-button', { hasText: 'Pass' }).click();
    assert.deepEqual(await sent(page), ['pass']);
  });

  test('Quadwrangle: after a play the lanes it moved are marked for the other side', async () => {
    const { page, problems } = await blankPage();
    await mount(
      page,
      'quadwrangle',
      snapshotOf('quadwrangle', {}, ['roll=66655'], ['Ann', 'Bob']),
      1,
    );
    assert.equal(await page.locator('.board-lane-moved').count(), 0);
    assert.equal(await page.locator('.board-button--primary').isDisabled(), true);
    const next = snapshotOf('quadwrangle', {}, ['roll=66655', 'play lanes'], ['Ann', 'Bob']);
    await page.evaluate((snap) => window.board.update(snap, { seat: 1 }), next);
    assert.equal(await page.locator('.board-lane-moved').count(), 2);
    assert.match(
      await page.locator('svg.board-svg').getAttribute('aria-label'),
      /lane 5: 1 toward Player 1; lane 6: 2 toward Player 1;/,
    );
    assert.match(await page.locator('.board-note').textContent(), /^Last move: played lanes\./);
    await page.locator('.board-button--primary', { hasText: 'Roll' }).click();
    assert.deepEqual(await sent(page), ['roll']);
    assert.deepEqual(problems, []);
  });

  test('Kvadrat, 4 players: legal cells, edges before the first move, turned board', async () => {
    const { page, problems } = await blankPage();
    const snap = snapshotOf('kvadrat', { players: 4 }, ['h3'], ['Ann', 'Bob', 'Cy', 'Di']);
    await mount(page, 'kvadrat', snap, 1);
    const legal = await page
      .locator('.board-cell[aria-label*="legal move"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label').split(',')[0]));
    assert.deepEqual(legal.sort(), [...snap.state.legal].sort());
    assert.equal(legal.length, 75);
    assert.deepEqual(await page.locator('.board-edge-label').allTextContents(), [
      'WHITE STARTS HERE',
      'RED STARTS HERE',
      'BLUE STARTS HERE',
    ]);
    // White's edge (file a) is at the bottom of the screen.
    const a = (await cell(page, 'a8').boundingBox()).y;
    const o = (await cell(page, 'o8').boundingBox()).y;
    assert.ok(a > o, `a8 (${a}) below o8 (${o})`);
    assert.match(
      await cell(page, 'h3').getAttribute('aria-label'),
      /^h3, black piece, last move, square C1 Black's/,
    );
    await cell(page, 'h3').click();
    await cell(page, 'a1').click();
    assert.deepEqual(await sent(page), ['a1']);
    await cell(page, 'b2').focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await sent(page), ['a1', 'b2']);
    assert.deepEqual(problems, []);
  });

  test('Kvadrat, 2 players: scores and square owners follow the snapshot', async () => {
    const { page } = await blankPage();
    const moves = ['b2', 'b14', 'b7'];
    const snap = snapshotOf('kvadrat', {}, moves, ['Ann', 'Bob']);
    await mount(page, 'kvadrat', snap, null);
    assert.equal(await page.locator('.board-cell--active').count(), 0);
    const details = await page.locator('.board-seat-detail').allTextContents();
    assert.deepEqual(details, ['2 sq', '1 sq']);
    assert.equal(
      await page.locator('.board-square--black').count(),
      snap.state.board.squares.filter((s) => s.owner === 0).length,
    );
    assert.equal(
      await page.locator('.board-square--red').count(),
      snap.state.board.squares.filter((s) => s.owner === 1).length,
    );
  });

  test('Kvadratura: one-colour squares outlined, tilted ones too; a finished game', async () => {
    const { page } = await blankPage();
    const moves = ['a2', 'a4', 'b1', 'd4', 'c2', 'd1', 'b3'];
    const snap = snapshotOf('kvadratura', { size: 4 }, moves, ['Ann', 'Bob']);
    assert.equal(snap.state.status, 'finished');
    await mount(page, 'kvadratura', snap, 0);
    assert.equal(await page.locator('polygon.board-kv-square--white').count(), 1);
    const points = await page.locator('polygon.board-kv-square--white').getAttribute('points');
    assert.equal(points.split(' ').length, 4);
    assert.match(await page.locator('.board-status').textContent(), /White wins|Black wins/);
    assert.equal(await page.locator('.board-cell--active').count(), 0);
    assert.match(await cell(page, 'b3').getAttribute('aria-label'), /last move/);
  });

  test('every board fits a phone screen without sideways scrolling', async () => {
    const cases = [
      ['quadrature', snapshotOf('quadrature', {}, [], ['Ann', 'Bob'])],
      ['quadwrangle', snapshotOf('quadwrangle', { lane: 9 }, ['roll=35546'], ['Ann', 'Bob'])],
      ['kvadrat', snapshotOf('kvadrat', { players: 4 }, [], ['Ann', 'Bob', 'Cy', 'Di'])],
      ['kvadratura', snapshotOf('kvadratura', {}, [], ['Ann', 'Bob'])],
    ];
    const { page, problems } = await blankPage({ width: 390, height: 844 });
    for (const [game, snap] of cases) {
      await page.evaluate(() => document.getElementById('host').replaceChildren());
      await mount(page, game, snap, 0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(overflow <= 390, `${game} is ${overflow}px wide`);
    }
    assert.deepEqual(problems, []);
  });
});
