// rules.js's explain (rules::game::explain in the WebAssembly module), which the boards' hints
// show, on the cases the client's own explainers were tested on before the rules explained
// themselves: docs/rules.md §1's worked examples for Quadrature, §3's reach for Kvadrat, and the
// rules page's diagrams.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadRules } from '../../web-client/engine/rules.js';
import { whenExplaining } from '../../web-client/engine/explainer.js';
import { gameDiagrams } from '../../web-client/games/index.js';
import { legalMoveLabel } from '../../web-client/room/reader_text.js';

const rules = await loadRules(process.env.QUADRA_WASM ?? undefined);

// A board field of a notation (docs/rules.md §6) from `letters` (cell name -> letter).
function boardField(size, letters) {
  const ranks = [];
  for (let rank = size; rank >= 1; --rank) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < size; ++file) {
      const letter = letters[String.fromCharCode(97 + file) + rank];
      if (!letter) {
        empty += 1;
        continue;
      }
      if (empty) text += empty;
      text += letter;
      empty = 0;
    }
    ranks.push(empty ? text + empty : text);
  }
  return ranks.join('/');
}

// A Quadrature position: Black's and White's men, the side to move (0 Black) and the markers.
function quadrature(black, white, toMove = 0, markers = [0, 0]) {
  const letters = {};
  for (const c of black) letters[c] = 'B';
  for (const c of white) letters[c] = 'W';
  return `quadrature:m:${boardField(11, letters)}:${'bw'[toMove]}:${markers.join('')}:-:1`;
}

// A 2-player Kvadrat position: Black's and Red's pieces, the seat to move and the options.
function kvadrat(black, red, toMove = 0, { path = 'e', pieces = 'u' } = {}) {
  const letters = {};
  for (const c of black) letters[c] = 'B';
  for (const c of red) letters[c] = 'R';
  return `kvadrat:2${path}p:${pieces}:${boardField(15, letters)}:${toMove}:-`;
}

const ALL = [];
for (let rank = 1; rank <= 15; ++rank) {
  for (let file = 0; file < 15; ++file) ALL.push(String.fromCharCode(97 + file) + rank);
}

const reachable = (position) => ALL.filter((c) => rules.explain(position, c).legal).sort();
const reason = (position, request) => rules.explain(position, request).reason;

function distance(a, b) {
  const f = (n) => [n.charCodeAt(0) - 97, Number(n.slice(1))];
  const [x1, y1] = f(a);
  const [x2, y2] = f(b);
  return Math.abs(x1 - x2) + Math.abs(y1 - y2);
}

test('Quadrature example 1: d7-e8 exchanges b10, the full explanation', () => {
  const position = quadrature(['e10', 'b8', 'd7'], ['b10', 'a11', 'j11', 'k11']);
  assert.deepEqual(rules.explain(position, 'd7-e8'), {
    request: 'd7-e8',
    legal: true,
    exchanged: ['b10'],
    sideways: false,
    quiet: false,
    marker: 0,
  });
});

test('Quadrature examples 2 and 4 and a chain: the men exchanged', () => {
  const two = quadrature(['b6', 'h6', 'b5', 'd5', 'f5', 'c3', 'f3'], ['d9', 'h9', 'd7', 'f7']);
  assert.deepEqual(rules.explain(two, 'b6-b7').exchanged, ['d7', 'f7']);
  assert.equal(reason(two, 'b6-b5'), 'backward');
  const four = quadrature(['b2', 'b4', 'd2', 'j2'], ['d4', 'k10', 'a11', 'k11']);
  assert.deepEqual(rules.explain(four, 'j2-j3').exchanged, []);
  const chain = quadrature(['c3', 'b3', 'd5', 'b7'], ['b5', 'd7', 'k11']);
  assert.deepEqual(rules.explain(chain, 'c3-d3').exchanged, ['b5', 'd7']);
});

test('Quadrature example 3: c6-c7 is suicide, completing White rectangle a7-a9-c9', () => {
  const position = quadrature(['c6', 'e7', 'e5'], ['a9', 'a7', 'c9', 'c5', 'k11']);
  const found = rules.explain(position, 'c6-c7');
  assert.equal(found.legal, false);
  assert.equal(found.reason, 'suicide');
  assert.deepEqual(found.rectangle, ['a7', 'a9', 'c9']);
  assert.equal(found.message, rules.apply(position, 'c6-c7').error);
});

test('Quadrature: a quiet sideways step at one bar, refused at two, an exchanging one always', () => {
  // A third Black man on k1, since a side down to two men has lost.
  const one = quadrature(['e3', 'a1', 'k1'], ['k11', 'a11', 'j11'], 0, [1, 0]);
  const quiet = rules.explain(one, 'e3-f3');
  assert.deepEqual([quiet.sideways, quiet.quiet, quiet.marker], [true, true, 2]);
  const two = quadrature(['e3', 'a1', 'k1'], ['k11', 'a11', 'j11'], 0, [2, 0]);
  assert.equal(reason(two, 'e3-f3'), 'marker');
  const squares = quadrature(['e3', 'a3', 'a5'], ['f5', 'k11', 'j11'], 0, [2, 0]);
  const found = rules.explain(squares, 'e3-f3');
  assert.deepEqual([found.exchanged, found.sideways, found.quiet], [['f5'], true, false]);
});

test('Quadrature: backward, long, occupied and foreign steps are told apart; White moves down', () => {
  const black = quadrature(['e3', 'e4', 'k1'], ['e9', 'k11', 'a11']);
  assert.equal(reason(black, 'e3-e2'), 'backward');
  assert.equal(reason(black, 'e3-e5'), 'not_a_step');
  assert.equal(reason(black, 'e3-e4'), 'occupied');
  assert.equal(reason(black, 'e9-e8'), 'not_yours');
  const white = quadrature(['e3', 'e4', 'k1'], ['e9', 'k11', 'a11'], 1);
  assert.equal(reason(white, 'e9-e10'), 'backward');
  assert.equal(rules.explain(white, 'e9-d8').quiet, false);
});

test('Kvadrat: a first move reaches exactly the 75 cells of the five nearest ranks', () => {
  const south = reachable(kvadrat([], []));
  assert.equal(south.length, 75);
  assert.ok(south.every((c) => Number(c.slice(1)) <= 5));
  const north = reachable(kvadrat([], [], 1));
  assert.equal(north.length, 75);
  assert.ok(north.every((c) => Number(c.slice(1)) >= 11));
  assert.equal(reason(kvadrat([], []), 'h6'), 'first_far');
  assert.deepEqual(rules.explain(kvadrat([], []), 'c5').path, ['c1', 'c2', 'c3', 'c4', 'c5']);
});

test('Kvadrat: a lone piece at h8 reaches 36 cells, at a1 the twelve docs/rules.md lists', () => {
  const cells = reachable(kvadrat(['h8'], ['a15']));
  const byDistance = {};
  for (const c of cells) byDistance[distance('h8', c)] = (byDistance[distance('h8', c)] || 0) + 1;
  assert.deepEqual(byDistance, { 1: 4, 3: 12, 5: 20 });
  assert.deepEqual(
    reachable(kvadrat(['a1'], ['o15'])),
    ['a2', 'a4', 'a6', 'b1', 'b3', 'b5', 'c2', 'c4', 'd1', 'd3', 'e2', 'f1'].sort(),
  );
});

test('Kvadrat: every path is an own piece, then five distinct empty steps to the cell', () => {
  const occupied = { h8: 0, h9: 1, g8: 1, a1: 1 };
  const position = kvadrat(['h8'], ['h9', 'g8', 'a1']);
  const targets = reachable(position);
  assert.ok(targets.length > 0);
  for (const target of targets) {
    const { path } = rules.explain(position, target);
    assert.equal(path.length, 6, target);
    assert.equal(occupied[path[0]], 0);
    assert.equal(path[5], target);
    const steps = path.slice(1);
    assert.equal(new Set(steps).size, 5);
    assert.ok(steps.every((c) => !(c in occupied)));
    for (let i = 1; i < path.length; ++i) assert.equal(distance(path[i - 1], path[i]), 1);
  }
});

test('Kvadrat: walled in, occupied, at_most paths, no pieces left', () => {
  const walled = kvadrat(['c3'], ['c2', 'c4', 'b3', 'd3']);
  assert.deepEqual(reachable(walled), []);
  assert.equal(reason(walled, 'c5'), 'must_pass');
  assert.equal(reason(walled, 'c4'), 'occupied');
  assert.equal(reason(kvadrat(['h8'], ['a15']), 'h10'), 'no_path');
  const near = kvadrat(['h8'], ['a15'], 0, { path: 'm' });
  assert.deepEqual(rules.explain(near, 'h10').path, ['h8', 'h9', 'h10']);
  assert.deepEqual(rules.explain(near, 'h9').path, ['h8', 'h9']);
  assert.equal(reachable(near).length, 60);
  assert.equal(reason(kvadrat(['h8'], [], 0, { pieces: 1 }), 'h9'), 'no_pieces');
});

test('Kvadrat: four players, West and East first moves reach the five files nearest their edge', () => {
  const empty = boardField(15, {});
  const west = reachable(`kvadrat:4ep:30:${empty}:1:-`);
  assert.equal(west.length, 75);
  assert.ok(west.every((c) => c.charCodeAt(0) - 97 <= 4));
  const eastAt = `kvadrat:4ep:30:${empty}:3:-`;
  const east = reachable(eastAt);
  assert.equal(east.length, 75);
  assert.ok(east.every((c) => c.charCodeAt(0) - 97 >= 10));
  assert.equal(reason(eastAt, 'j8'), 'first_far');
});

// Black's and Red's pieces on a diagram's view.
function diagramKvadrat(board) {
  const black = Object.keys(board.cells).filter((c) => board.cells[c] === 0);
  const red = Object.keys(board.cells).filter((c) => board.cells[c] === 1);
  return { black, red };
}

test("the rules page's Kvadrat diagrams draw paths the rules find", () => {
  const drawn = gameDiagrams('kvadrat').filter((d) => d.path);
  assert.ok(drawn.length > 0);
  for (const diagram of drawn) {
    const { black, red } = diagramKvadrat(diagram.snapshot.state.board);
    const target = diagram.path[diagram.path.length - 1];
    // The position before the piece on the target was placed.
    const before = kvadrat(
      black.filter((c) => c !== target),
      red,
    );
    const found = rules.explain(before, target);
    assert.equal(found.legal, true, diagram.id);
    assert.equal(found.path.length, diagram.path.length, diagram.id);
    for (let i = 1; i < diagram.path.length; ++i) {
      assert.equal(distance(diagram.path[i - 1], diagram.path[i]), 1, diagram.id);
    }
  }
});

test("the rules page's Quadrature diagrams: the exchange and the suicide as the rules see them", () => {
  const [before, after, suicide] = gameDiagrams('quadrature');
  const men = (board, seat) => Object.keys(board.cells).filter((c) => board.cells[c] === seat);
  const start = before.snapshot.state.board;
  const position = quadrature(men(start, 0), men(start, 1));
  const step = rules.explain(position, before.step);
  assert.deepEqual(step.exchanged, [...after.snapshot.state.board.exchanged].sort());
  const next = rules.apply(position, before.step);
  assert.deepEqual(rules.state(next.position).board.cells, after.snapshot.state.board.cells);
  const board = suicide.snapshot.state.board;
  const refused = rules.explain(quadrature(men(board, 0), men(board, 1)), 'c6-c7');
  assert.deepEqual([...refused.rectangle, 'c7'], suicide.marks);
});

test("the screen reader's legal steps in words: what the rules say each exchanges", async () => {
  await new Promise((ready) => whenExplaining(ready));
  const state = {
    game: 'quadrature',
    to_move: 0,
    position: quadrature(['e10', 'b8', 'd7'], ['b10', 'a11', 'j11', 'k11']),
  };
  assert.equal(legalMoveLabel(state, 'd7-e8'), 'd7 to e8, exchanges b10');
  assert.equal(legalMoveLabel(state, 'd7-c7'), 'd7 to c7, quiet sideways move');
  assert.equal(legalMoveLabel(state, 'd7-d8'), 'd7 to d8');
});
