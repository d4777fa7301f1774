// web-client/analysis/variation_tree.js: the analysis board's main line and variations, stepping
// back and forward, without a DOM or rules (positions are opaque strings here).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { VariationTree } from '../../../web-client/analysis/variation_tree.js';

// A line of the tree as "token(ply)" with variations in brackets, for exact comparisons.
function written(line) {
  return line
    .map((move) => {
      const branches = move.variations.map((v) => ` (${written(v)})`).join('');
      return `${move.token}/${move.ply}${branches}`;
    })
    .join(' ');
}

test('a new tree stands at its root position, with no moves', () => {
  const tree = new VariationTree('p0');
  assert.equal(tree.position, 'p0');
  assert.equal(tree.current, 0);
  assert.deepEqual(tree.lines(), []);
  assert.deepEqual(tree.tokensTo(), []);
  assert.equal(tree.back(), false);
  assert.equal(tree.forward(), false);
});

test('moves played one after another make the main line', () => {
  const tree = new VariationTree('p0');
  tree.play('a1', 'p1');
  tree.play('b2', 'p2');
  tree.play('c3', 'p3');
  assert.equal(tree.position, 'p3');
  assert.deepEqual(tree.tokensTo(), ['a1', 'b2', 'c3']);
  assert.equal(written(tree.lines()), 'a1/1 b2/2 c3/3');
});

test('back and forward step along the line and stop at its ends', () => {
  const tree = new VariationTree('p0');
  tree.play('a1', 'p1');
  tree.play('b2', 'p2');
  assert.equal(tree.back(), true);
  assert.equal(tree.position, 'p1');
  assert.equal(tree.back(), true);
  assert.equal(tree.position, 'p0');
  assert.equal(tree.back(), false);
  assert.equal(tree.forward(), true);
  assert.equal(tree.forward(), true);
  assert.equal(tree.position, 'p2');
  assert.equal(tree.forward(), false);
  tree.first();
  assert.equal(tree.position, 'p0');
  tree.last();
  assert.equal(tree.position, 'p2');
});

test('another move from an earlier position makes a variation and leaves the line as it was', () => {
  const tree = new VariationTree('p0');
  tree.play('a1', 'p1');
  tree.play('b2', 'p2');
  tree.play('c3', 'p3');
  tree.back();
  tree.back();
  const branch = tree.play('h8', 'q2');
  tree.play('g7', 'q3');
  assert.equal(tree.position, 'q3');
  assert.deepEqual(tree.tokensTo(), ['a1', 'h8', 'g7']);
  assert.equal(written(tree.lines()), 'a1/1 b2/2 (h8/2 g7/3) c3/3');
  // Back in the variation, forward follows the variation, not the main line.
  tree.back();
  assert.equal(tree.current, branch.id);
  tree.forward();
  assert.equal(tree.position, 'q3');
});

test('playing the move already in the tree goes to it instead of adding a copy', () => {
  const tree = new VariationTree('p0');
  const first = tree.play('a1', 'p1');
  tree.play('b2', 'p2');
  tree.first();
  assert.equal(tree.play('a1', 'p1').id, first.id);
  assert.equal(tree.nodes.length, 3);
  assert.equal(written(tree.lines()), 'a1/1 b2/2');
});

test('variations nest: a variation of a variation is listed inside it', () => {
  const tree = new VariationTree('p0');
  tree.play('a1', 'p1');
  tree.play('b2', 'p2');
  tree.first();
  tree.play('c3', 'q1');
  tree.play('d4', 'q2');
  tree.back();
  tree.play('e5', 'r2');
  tree.first();
  tree.play('f6', 's1');
  assert.equal(written(tree.lines()), 'a1/1 (c3/1 d4/2 (e5/2)) (f6/1) b2/2');
});

test('any node can be jumped to by its id; a missing id is refused', () => {
  const tree = new VariationTree('p0');
  const a = tree.play('a1', 'p1');
  tree.play('b2', 'p2');
  tree.goTo(a.id);
  assert.equal(tree.position, 'p1');
  assert.deepEqual(tree.pathTo(), [a.id]);
  tree.goTo(0);
  assert.equal(tree.position, 'p0');
  assert.throws(() => tree.goTo(7), RangeError);
  assert.equal(tree.position, 'p0');
});
