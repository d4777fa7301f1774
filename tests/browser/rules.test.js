// The rules pages (issue #16, "Learning the games"): /rules/<game> renders the game's words and
// its diagrams, drawn by the game's own board from positions a record reaches (checked against
// `quadra rules`); axe-core finds no serious or critical violation; the lobby, the create form and
// the room link to them; the create form, the lobby listing and the room header show options in
// words. Real `quadra serve`, real Chromium; screenshots go to the browser artifacts.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { browserSuite, createRoom, QUADRA, screenshot, seriousViolations } from './harness.js';
import * as kvadrat from '../../web-client/games/kvadrat/positions.js';
import * as kvadratura from '../../web-client/games/kvadratura/positions.js';
import * as quadwrangle from '../../web-client/games/quadwrangle/positions.js';

const suite = browserSuite();

// A rules page on its own (it needs no connection).
async function openRules(pathname, viewport = { width: 1200, height: 900 }) {
  const opened = await suite.open({ pathname, viewport, connects: false });
  await opened.page.locator('#rules h1').waitFor();
  return opened;
}

const PAGES = {
  quadrature: {
    title: 'Quadrature — how to play',
    diagrams: 4,
    caption: 'After: b10 has been exchanged for a Black man (ringed).',
    drawn: { 'figure[data-diagram="exchange-after"] .board-exchanged': 1, '.board-hint-mark': 4 },
  },
  kvadrat: {
    title: 'Kvadrat — how to play',
    diagrams: 3,
    caption: "Black's first piece: a path of five steps from the bottom edge",
    drawn: { 'figure[data-diagram="later-before"] .board-hint-step': 5, '.board-hint-path': 2 },
  },
  kvadratura: {
    title: 'Kvadratura — how to play',
    diagrams: 3,
    caption: 'a2–b1–c2–b3 is a tilted square of White’s colour, so White loses.',
    drawn: { 'figure[data-diagram="tilted-after"] .board-kv-square': 1, '.board-hint-mark': 5 },
  },
  quadwrangle: {
    title: 'Quadwrangle — how to play',
    diagrams: 3,
    caption: 'Player 1 rolled 6-6-6-5-5. Two plays are on offer',
    drawn: { 'figure[data-diagram="roll"] .board-lane-plan': 2, '.board-button--play': 2 },
  },
};

describe('each rules page', () => {
  for (const [game, want] of Object.entries(PAGES)) {
    test(`/rules/${game} shows its words and diagrams, with no serious a11y violation`, async () => {
      const { page, problems } = await openRules(`/rules/${game}`);
      assert.equal(await page.locator('h1').textContent(), want.title);
      assert.equal(await page.title(), want.title);
      assert.equal(await page.locator('.rules-figure svg.board-svg').count(), want.diagrams);
      assert.equal(await page.locator('.rules-figure figcaption').count(), want.diagrams);
      await page.locator('figcaption', { hasText: want.caption }).waitFor();
      for (const [selector, count] of Object.entries(want.drawn)) {
        const where = selector.startsWith('figure') ? selector : `.rules-figure ${selector}`;
        assert.equal(await page.locator(where).count(), count, selector);
      }
      // The diagrams cannot be played or tabbed into.
      assert.equal(await page.locator('.rules-diagram[inert]').count(), want.diagrams);
      // The three other games are linked.
      assert.equal(await page.locator('.rules-others a').count(), 3);
      await screenshot(page, `rules-${game}`);
      // Checked before axe runs: axe fetches the style sheets itself and resolves their
      // @import against the page's address (/rules/tokens.css), which is axe's request.
      assert.deepEqual(problems, []);
      assert.deepEqual(await seriousViolations(page), []);
    });
  }

  test('a phone-width rules page has no horizontal scroll', async () => {
    const { page } = await openRules('/rules/kvadrat', { width: 390, height: 844 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `scroll width ${wide}`);
    await screenshot(page, 'rules-kvadrat-phone');
  });

  test('an unknown game gets the list of games', async () => {
    const { page } = await openRules('/rules/chess');
    assert.equal(await page.locator('h1').textContent(), 'Learn the games');
    await page.locator('p', { hasText: 'There is no game called “chess”' }).waitFor();
    assert.equal(await page.locator('.rules-others a').count(), 4);
  });
});

// The state `quadra rules` prints for a record.
function rulesState(game, options, moves) {
  const run = spawnSync(QUADRA, ['rules'], {
    input: JSON.stringify({ game, options, moves }),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr + run.stdout);
  return JSON.parse(run.stdout);
}

describe('the diagrams show positions the rules reach', () => {
  test('Kvadrat: every diagram is the position of its record', () => {
    for (const diagram of kvadrat.DIAGRAMS) {
      const state = rulesState('kvadrat', {}, diagram.record);
      const board = diagram.snapshot.state.board;
      assert.deepEqual(board.cells, state.board.cells, diagram.id);
      assert.deepEqual(board.squares, state.board.squares, diagram.id);
      assert.deepEqual(board.placed_first, state.board.placed_first, diagram.id);
      if (diagram.snapshot.status === 'playing') {
        assert.equal(diagram.snapshot.state.to_move, state.to_move, diagram.id);
      }
    }
  });

  test('Kvadratura: every diagram is the position of its record, the square included', () => {
    for (const diagram of kvadratura.DIAGRAMS) {
      const { options, moves } = diagram.record;
      const state = rulesState('kvadratura', options, moves);
      const board = diagram.snapshot.state.board;
      assert.deepEqual(board.cells, state.board.cells, diagram.id);
      assert.deepEqual(board.squares, state.board.squares, diagram.id);
      assert.equal(diagram.snapshot.state.status, state.status, diagram.id);
      if (state.result) {
        assert.deepEqual(diagram.snapshot.state.result.winners, state.result.winners);
      }
    }
  });

  test('Quadwrangle: the roll offers exactly the plays the rules give, and each play lands', () => {
    for (const diagram of quadwrangle.DIAGRAMS) {
      const state = rulesState('quadwrangle', {}, diagram.record);
      const board = diagram.snapshot.state.board;
      assert.deepEqual(board.lanes, state.board.lanes, diagram.id);
      assert.deepEqual(board.dice, state.board.dice, diagram.id);
      assert.deepEqual(board.plays, state.board.plays, diagram.id);
      assert.equal(diagram.snapshot.state.to_move, state.to_move, diagram.id);
    }
  });
});

describe('links and options in words', () => {
  test('the lobby links every rules page; the create form links the chosen game', async () => {
    const { page, problems } = await suite.open({ name: 'Reader' });
    const links = page.locator('.learn-card a');
    assert.equal(await links.count(), 4);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(hrefs, [
      '/rules/quadrature',
      '/rules/quadwrangle',
      '/rules/kvadrat',
      '/rules/kvadratura',
    ]);
    assert.equal(await links.first().getAttribute('target'), '_blank');
    const formLink = page.locator('#create-rules-link');
    assert.equal(await formLink.getAttribute('href'), '/rules/quadrature');
    await page.selectOption('#create-game', 'kvadrat');
    assert.equal(await formLink.getAttribute('href'), '/rules/kvadrat');
    assert.equal(await formLink.textContent(), 'How to play Kvadrat');
    // Following it opens the rules in a new tab; the lobby stays.
    const [rules] = await Promise.all([page.context().waitForEvent('page'), formLink.click()]);
    await rules.locator('h1', { hasText: 'Kvadrat — how to play' }).waitFor();
    assert.equal(new URL(rules.url()).pathname, '/rules/kvadrat');
    await rules.close();
    assert.deepEqual(problems, []);
  });

  test('the create form shows options in words, the default marked', async () => {
    const { page } = await suite.open({ name: 'Chooser' });
    const options = (selector) =>
      page.locator(`${selector} option`).evaluateAll((os) => os.map((o) => o.textContent));
    assert.deepEqual(await options('#opt-setup'), [
      'Two rows of nine men (default)',
      'One row of nine (Steere’s original)',
    ]);
    assert.equal(await page.locator('label[for="opt-setup"]').textContent(), 'Starting men');
    await page.selectOption('#create-game', 'kvadratura');
    assert.deepEqual(await options('#opt-mode'), [
      'First square loses (default)',
      'Fill the board: fewer squares wins',
    ]);
    assert.equal((await options('#opt-size'))[5], '8 × 8 board (default)');
    await page.selectOption('#create-game', 'kvadrat');
    assert.deepEqual((await options('#opt-pieces')).slice(0, 2), ['Default', 'Unlimited pieces']);
    assert.deepEqual(await options('#opt-path'), [
      'Paths of exactly five steps (default)',
      'Paths of one to five steps',
    ]);
    await screenshot(page, 'rules-create-form-options');
  });

  test('the room header and the lobby listing show options in words; the room links its rules', async () => {
    const { page } = await suite.open({ name: 'Host' });
    const code = await createRoom(page, 'kvadratura', { size: 4, mode: 'fill' });
    const header = page.locator('.room-head .room-options');
    await header.filter({ hasText: '4 × 4 board' }).waitFor();
    assert.match(await header.textContent(), /^4 × 4 board · Fill the board: fewer squares wins/);
    const roomLink = page.locator('#room-rules-link');
    assert.equal(await roomLink.getAttribute('href'), '/rules/kvadratura');
    assert.equal(await roomLink.getAttribute('target'), '_blank');
    const { page: other } = await suite.open({ name: 'Looker' });
    const listed = other.locator(`.room-item[data-room="${code}"] .room-options`);
    await listed.waitFor();
    assert.equal(await listed.textContent(), '4 × 4 board · Fill the board: fewer squares wins');
  });
});
