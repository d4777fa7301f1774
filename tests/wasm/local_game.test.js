// web-client/local/local_game.js on the real WebAssembly rules: a game against the computer as
// the play page runs it — the player's requests, dice rolled for those that need them, the
// computer's moves chosen by the engine at a level — reaches the end the native `quadra rules`
// reaches from the same start with the same tokens.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { loadRules } from '../../web-client/engine/rules.js';
import { LocalGame } from '../../web-client/local/local_game.js';

const rules = await loadRules(process.env.QUADRA_WASM ?? undefined);
const here = path.dirname(fileURLToPath(import.meta.url));
const QUADRA = process.env.QUADRA_BINARY || path.join(here, '../../build/release/server/quadra');

// engine.js's bestMove, run here on the page's thread: the level's playouts and the seed.
const engine = {
  bestMove: async (position, { level, seed }) =>
    rules.bestMove(position, { playouts: rules.levelPlayouts(level), seed }),
};
const fixedDice = (count) => [6, 2, 3, 4, 5].slice(0, count);
const seeds = () => {
  let next = 40;
  return () => next++;
};

test('Kvadratura 3 x 3 against the easy computer ends as the native rules end it', async () => {
  const start = rules.start('kvadratura', { size: 3 }).position;
  const game = new LocalGame(
    rules,
    { position: start, seat: 1, level: 'easy' },
    {
      roll: fixedDice,
      seed: seeds(),
    },
  );
  assert.equal(game.playersTurn, false);
  while (!game.over) {
    if (game.playersTurn) {
      const cell = game.state.legal[0];
      assert.deepEqual(game.move(cell), { token: cell });
    } else {
      assert.equal((await game.computerMoves(engine)).refusal, undefined);
    }
  }
  const tokens = game.moves.map((m) => m.token);
  assert.deepEqual(
    game.moves.map((m) => m.seat),
    tokens.map((_, i) => i % 2),
  );
  const native = JSON.parse(
    execFileSync(QUADRA, ['rules', '--from', start, ...tokens], { encoding: 'utf8' }),
  );
  assert.equal(game.position, native.position);
  assert.equal(game.state.status, 'finished');
  assert.deepEqual(game.state.result, native.result);
});

test('a refused request leaves the game as it was, with the rules’ words', () => {
  const start = 'kvadratura:l:2W/1B1/W2';
  const game = new LocalGame(
    rules,
    { position: start, seat: 1, level: 'easy' },
    {
      roll: fixedDice,
      seed: seeds(),
    },
  );
  assert.deepEqual(game.move('a1'), { refusal: 'a1 is already occupied by White' });
  assert.equal(game.position, start);
  assert.deepEqual(game.moves, []);
});

test('Quadwrangle: the roll the player asks for takes the dice rolled here, then the computer', async () => {
  const start = rules.start('quadwrangle').position;
  const game = new LocalGame(
    rules,
    { position: start, seat: 0, level: 'medium' },
    {
      roll: fixedDice,
      seed: seeds(),
    },
  );
  assert.deepEqual(game.move('roll'), { token: 'roll=62345' });
  assert.deepEqual(game.state.board.dice, [6, 2, 3, 4, 5]);
  assert.equal(game.state.to_move, 0);
  assert.equal(game.move('play run').refusal, undefined);
  assert.equal(game.playersTurn, false);
  // The computer's turn: its own roll needs dice too, rolled by the same roller.
  assert.equal((await game.computerMoves(engine)).token, 'roll=62345');
  const native = JSON.parse(
    execFileSync(QUADRA, ['rules', '--from', start, ...game.moves.map((m) => m.token)], {
      encoding: 'utf8',
    }),
  );
  assert.equal(game.position, native.position);
});
