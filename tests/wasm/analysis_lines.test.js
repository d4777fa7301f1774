// web-client/analysis/lines.js on the real WebAssembly rules (web-client/engine/quadra.wasm): the
// analysis board's lines played through them — refusals leave the tree as it was, the pass of a
// side left with nothing else is inserted as the rules' driver does, a notation sets up a new
// tree or names another game, and the history gives each move's seat.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadRules } from '../../web-client/engine/rules.js';
import { AnalysisLines } from '../../web-client/analysis/lines.js';

const rules = await loadRules(process.env.QUADRA_WASM ?? undefined);

test('a move is played through the rules; a refused one leaves the tree as it was', () => {
  const lines = new AnalysisLines(rules, 'kvadratura');
  assert.equal(lines.setUp('kvadratura:l:2W/1B1/W2').state.to_move, 1);
  const played = lines.play('a2');
  assert.equal(played.node.position, 'kvadratura:l:2W/BB1/W2');
  assert.equal(lines.tree.position, 'kvadratura:l:2W/BB1/W2');
  const refused = lines.play('a1');
  assert.equal(refused.refusal, 'a1 is already occupied by White');
  assert.equal(lines.tree.position, 'kvadratura:l:2W/BB1/W2');
  assert.equal(lines.tree.nodes.length, 2);
  assert.deepEqual(lines.history(), [{ ply: 1, seat: 1, token: 'a2' }]);
});

test('after a third roll with no play the rules’ pass is inserted, and the other side moves', () => {
  const lines = new AnalysisLines(rules, 'quadwrangle');
  assert.deepEqual(lines.state.legal, ['roll']);
  assert.equal(lines.diceNeeded('roll'), 5);
  const noPlay = [1, 2, 3, 4, 6]; // docs/rules.md §2: 1-2-3-4-6 offers no play
  lines.play(lines.withDice('roll', noPlay).token);
  assert.equal(lines.diceNeeded('reroll 1 2 3 4 5'), 5);
  for (let i = 0; i < 2; ++i) lines.play(lines.withDice('reroll 1 2 3 4 5', noPlay).token);
  assert.deepEqual(lines.tree.tokensTo(), [
    'roll=12346',
    'reroll 1 2 3 4 5=12346',
    'reroll 1 2 3 4 5=12346',
    'pass',
  ]);
  assert.equal(lines.state.to_move, 1);
  assert.deepEqual(lines.state.legal, ['roll']);
  assert.deepEqual(
    lines.history().map((entry) => entry.seat),
    [0, 0, 0, 0],
  );
  assert.equal(lines.withDice('roll', [7, 1, 1, 1, 1]).refusal, 'dice show 1-6, not 7');
});

test('a notation sets up a new tree, names another game, or is refused naming the field', () => {
  const lines = new AnalysisLines(rules, 'kvadratura');
  lines.play('a1');
  const other = lines.setUp('quadwrangle:4:3:000000000:1:0:-');
  assert.equal(other.elsewhere.game, 'quadwrangle');
  assert.equal(lines.tree.nodes.length, 2, 'the tree stays for another game');
  assert.equal(
    lines.setUp('kvadratura:x').refusal,
    "field 'board': missing; expected kvadratura:mode:board",
  );
  assert.equal(lines.tree.nodes.length, 2);
  const fresh = lines.setUp('  kvadratura:l:3/3/3  ');
  assert.equal(fresh.state.position, 'kvadratura:l:3/3/3');
  assert.equal(lines.tree.nodes.length, 1);
  assert.equal(lines.startPosition, 'kvadratura:l:8/8/8/8/8/8/8/8');
  // The start keeps the options of the position shown: a 3 × 3 board's.
  lines.setUp('kvadratura:l:2W/1B1/W2');
  assert.equal(lines.startWithOptions(), 'kvadratura:l:3/3/3');
});
