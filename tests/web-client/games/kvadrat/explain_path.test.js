// web-client/games/kvadrat/explain_path.js against docs/rules.md §3's stated consequences: which cells a
// first move and a lone piece reach, and that every path shown is a real five-step path.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { explainPlacement } from '../../../../web-client/games/kvadrat/explain_path.js';

const ALL = [];
for (let rank = 1; rank <= 15; ++rank) {
  for (let file = 0; file < 15; ++file) ALL.push(String.fromCharCode(97 + file) + rank);
}

function board(cells, placedFirst = [true, true]) {
  return { cells, edges: ['south', 'north'], placed_first: placedFirst, pieces_left: [null, null] };
}

function reachable(view, seat, path = 'exact') {
  return ALL.filter((c) => explainPlacement(view, seat, c, path).path).sort();
}

function distance(a, b) {
  const f = (n) => [n.charCodeAt(0) - 97, Number(n.slice(1))];
  const [x1, y1] = f(a);
  const [x2, y2] = f(b);
  return Math.abs(x1 - x2) + Math.abs(y1 - y2);
}

test('a first move on an empty board reaches exactly the 75 cells of the five nearest ranks', () => {
  const view = board({}, [false, false]);
  const south = reachable(view, 0);
  assert.equal(south.length, 75);
  assert.ok(south.every((c) => Number(c.slice(1)) <= 5));
  const north = reachable(view, 1);
  assert.equal(north.length, 75);
  assert.ok(north.every((c) => Number(c.slice(1)) >= 11));
  assert.deepEqual(explainPlacement(view, 0, 'h6'), { reason: 'first_far' });
  const first = explainPlacement(view, 0, 'c5').path;
  assert.equal(first.length, 5);
  assert.equal(first[0].slice(1), '1'); // p1 on the own edge, no starting piece
});

test('a lone piece at h8 reaches 36 cells: 4 at distance 1, 12 at 3, 20 at 5', () => {
  const cells = reachable(board({ h8: 0 }), 0);
  assert.equal(cells.length, 36);
  const byDistance = {};
  for (const c of cells) byDistance[distance('h8', c)] = (byDistance[distance('h8', c)] || 0) + 1;
  assert.deepEqual(byDistance, { 1: 4, 3: 12, 5: 20 });
});

test('a lone piece at a1 reaches the twelve cells docs/rules.md lists', () => {
  assert.deepEqual(
    reachable(board({ a1: 0 }), 0),
    ['a2', 'a4', 'a6', 'b1', 'b3', 'b5', 'c2', 'c4', 'd1', 'd3', 'e2', 'f1'].sort(),
  );
});

test('a piece at c3 walled in by c2 c4 b3 d3 reaches nothing', () => {
  const view = board({ c3: 0, c2: 1, c4: 1, b3: 1, d3: 1 });
  assert.deepEqual(reachable(view, 0), []);
  assert.deepEqual(explainPlacement(view, 0, 'c5'), { reason: 'no_path' });
  assert.deepEqual(explainPlacement(view, 0, 'c4'), { reason: 'occupied' });
});

test('every path found is six cells: an own piece, then five distinct empty steps', () => {
  const view = board({ h8: 0, h9: 1, g8: 1, a1: 1 });
  for (const target of reachable(view, 0)) {
    const { path } = explainPlacement(view, 0, target);
    assert.equal(path.length, 6, target);
    assert.equal(view.cells[path[0]], 0);
    assert.equal(path[5], target);
    const steps = path.slice(1);
    assert.equal(new Set(steps).size, 5);
    assert.ok(steps.every((c) => !(c in view.cells)));
    for (let i = 1; i < path.length; ++i) assert.equal(distance(path[i - 1], path[i]), 1);
  }
});

test('with path "at_most" a piece at h8 also reaches h10 (two steps), never its own cell', () => {
  const view = board({ h8: 0 });
  assert.deepEqual(explainPlacement(view, 0, 'h10'), { reason: 'no_path' });
  assert.deepEqual(explainPlacement(view, 0, 'h10', 'at_most'), { path: ['h8', 'h9', 'h10'] });
  assert.deepEqual(explainPlacement(view, 0, 'h9', 'at_most'), { path: ['h8', 'h9'] });
  assert.equal(reachable(view, 0, 'at_most').length, 60); // every cell within distance 5
});

test('a player with no pieces left has no placement', () => {
  const view = { ...board({ h8: 0 }), pieces_left: [0, 3] };
  assert.deepEqual(explainPlacement(view, 0, 'h9'), { reason: 'no_pieces' });
});

test('with four players, West and East first moves reach the five files nearest their edge', () => {
  const view = {
    cells: {},
    edges: ['south', 'west', 'north', 'east'],
    placed_first: [false, false, false, false],
    pieces_left: [30, 30, 30, 30],
  };
  const west = reachable(view, 1);
  assert.equal(west.length, 75);
  assert.ok(west.every((c) => c.charCodeAt(0) - 97 <= 4));
  const east = reachable(view, 3);
  assert.equal(east.length, 75);
  assert.ok(east.every((c) => c.charCodeAt(0) - 97 >= 10));
  assert.deepEqual(explainPlacement(view, 3, 'j8'), { reason: 'first_far' });
});
