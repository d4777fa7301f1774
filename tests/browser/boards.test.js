// The four boards on their own: real `quadra serve` serves the modules, real `quadra rules`
// makes the states, real Chromium clicks and types. Checks that boards send exactly the tokens
// the snapshot lists, highlight legal and last moves, and work by keyboard and at phone width.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  startServer,
  launchBrowser,
  QUADRA,
  QUADRATURE_EXCHANGE_ON_H4,
  TIMEOUT,
} from './harness.js';

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
  await page.goto(`${server.url}/games/boards.css`);
  await page.evaluate(() => {
    document.documentElement.innerHTML =
      '<head><link rel="stylesheet" ' +
      'href="/games/boards.css"></head><body><div id="host"></div></body>';
  });
  return { page, problems };
}

// Creates the board for `game` in the page and shows `snap` to `seat`; tokens sent go to
// window.sent.
async function mount(page, game, snap, seat) {
  await page.evaluate(
    async ([gameId, snapshot, viewerSeat]) => {
      const { boardFor } = await import('/games/index.js');
      window.sent = [];
      window.board = boardFor(gameId).createBoard(document.getElementById('host'), {
        onMove: (token) => window.sent.push(token),
      });
      window.board.update(snapshot, { seat: viewerSeat });
    },
    [game, snap, seat],
  );
}

// In the page: every mark (legal, last move) with its contrast against what lies under it, and
// every text with its rendered size in CSS px and its contrast (WCAG 2.2: 3:1 for graphics,
// 4.5:1 for text, 3:1 for large text).
function measureContrast() {
  const parse = (text) => {
    const m = /rgba?\(([^)]+)\)/.exec(text || '');
    if (!m) return null;
    const [r, g, b, a = 1] = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r, g, b, a };
  };
  const over = (top, below) => {
    const mix = (k) => top[k] * top.a + below[k] * (1 - top.a);
    return { r: mix('r'), g: mix('g'), b: mix('b'), a: 1 };
  };
  const luminance = ({ r, g, b }) => {
    const f = (c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (x, y) => {
    const [hi, lo] = [luminance(x), luminance(y)].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  };
  // The colour an element paints, with its opacity (and its ancestors' within the SVG).
  const paint = (node, property) => {
    const colour = parse(getComputedStyle(node)[property]);
    if (!colour) return null;
    let alpha = colour.a;
    for (let n = node; n && n.tagName !== 'svg'; n = n.parentElement) {
      alpha *= Number(getComputedStyle(n).opacity);
    }
    return { ...colour, a: alpha };
  };
  // What lies under the point (x, y) below `node`: the filled shapes and backgrounds down to an
  // opaque one, composited.
  const backdrop = (node, x, y) => {
    const layers = [];
    for (const e of document.elementsFromPoint(x, y)) {
      let colour = null;
      if (e instanceof SVGElement) {
        if (e === node || node.contains(e)) continue;
        if (['svg', 'g', 'text', 'tspan'].includes(e.tagName)) continue;
        colour = paint(e, 'fill');
      } else {
        colour = parse(getComputedStyle(e).backgroundColor);
      }
      if (colour && colour.a > 0) layers.push(colour);
      if (colour && colour.a >= 1) break;
    }
    let result = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const marks = [];
  const selector = '.board-legal-dot, .board-legal-ring, .board-last, .board-lane-moved';
  for (const mark of document.querySelectorAll(selector)) {
    const box = mark.getBoundingClientRect();
    if (!box.width) continue;
    const stroked = getComputedStyle(mark).stroke !== 'none';
    const colour = paint(mark, stroked ? 'stroke' : 'fill');
    const [x, y] = stroked
      ? [box.left + 1, box.top + 1]
      : [box.left + box.width / 2, box.top + box.height / 2];
    const below = backdrop(mark, x, y);
    marks.push({ what: mark.getAttribute('class'), ratio: ratio(over(colour, below), below) });
  }
  const texts = [];
  const walker = document.createTreeWalker(document.getElementById('host'), NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const node = t.parentElement;
    const box = node.getBoundingClientRect();
    if (!t.textContent.trim() || !box.width || node.closest('[hidden]')) continue;
    const style = getComputedStyle(node);
    const svgText = node instanceof SVGElement;
    const ctm = svgText ? node.getScreenCTM() : null;
    const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
    const px = parseFloat(style.fontSize) * scale;
    const colour = svgText ? paint(node, 'fill') : parse(style.color);
    const below = backdrop(node, box.left + box.width / 2, box.top + box.height / 2);
    const large = px >= 24 || (px >= 18.66 && Number(style.fontWeight) >= 700);
    texts.push({
      text: t.textContent.trim().slice(0, 20),
      px: Math.round(px * 10) / 10,
      ratio: Math.round(ratio(over(colour, below), below) * 100) / 100,
      need: large ? 3 : 4.5,
    });
  }
  return { marks, texts };
}

const sent = (page) => page.evaluate(() => window.sent);
const cell = (page, name) => page.locator(`.board-cell[aria-label^="${name},"]`);

describe('boards', () => {
  test('boardFor knows the four games and nothing else', async () => {
    const { page, problems } = await blankPage();
    const found = await page.evaluate(async () => {
      const { boardFor } = await import('/games/index.js');
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
    const moves = QUADRATURE_EXCHANGE_ON_H4;
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

  test('legal and last-move marks reach 3:1, texts 4.5:1, and no text is under 11 px', async () => {
    const first = (game, options, names) => snapshotOf(game, options, [], names).state.legal[0];
    const cases = [
      ['quadrature', {}, ['Ann', 'Bob']],
      ['kvadratura', {}, ['Ann', 'Bob']],
      ['kvadrat', {}, ['Ann', 'Bob']],
      ['kvadrat', { players: 4 }, ['Ann', 'Bob', 'Cy', 'Di']],
      ['quadwrangle', { lane: 9 }, ['Ann', 'Bob']],
    ];
    const { page, problems } = await blankPage();
    const found = [];
    for (const [game, options, names] of cases) {
      const moves = game === 'quadwrangle' ? ['roll=35546'] : [first(game, options, names)];
      const snap = snapshotOf(game, options, moves, names);
      await page.evaluate(() => document.getElementById('host').replaceChildren());
      await mount(page, game, snap, snap.state.to_move);
      // Quadrature shows its targets once a man is chosen.
      if (game === 'quadrature') await page.locator('.board-cell--active').first().click();
      const { marks, texts } = await page.evaluate(measureContrast);
      if (game !== 'quadwrangle') {
        assert.ok(
          marks.some((m) => /legal/.test(m.what)),
          `${game}: legal marks`,
        );
        assert.ok(
          marks.some((m) => /last/.test(m.what)),
          `${game}: a last-move mark`,
        );
      }
      for (const m of marks) {
        if (m.ratio < 3) found.push(`${game}: ${m.what} ${m.ratio.toFixed(2)}:1`);
      }
      for (const t of texts) {
        if (t.px < 11) found.push(`${game}: "${t.text}" ${t.px}px`);
        if (t.ratio < t.need) found.push(`${game}: "${t.text}" ${t.ratio}:1`);
      }
    }
    assert.deepEqual([...new Set(found)], []);
    assert.deepEqual(problems, []);
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
