// The WebAssembly module (web-client/engine/quadra.wasm, wasm/) against the native binary: for
// random games of every game and every option set the registry offers, both give the same text
// for the start, every state, every next state after a legal token, every refusal, the rules'
// explanation of a request, and the engine's move and analysis (moves tried, line, each seat's
// chance) for a fixed budget and seed. QUADRA_BINARY names the native `quadra`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';

import { loadRules } from '../../web-client/engine/rules.js';

const binary = process.env.QUADRA_BINARY;
const rules = await loadRules(process.env.QUADRA_WASM ?? undefined);

const POSITIONS_PER_GAME = 200;
const GAMES_PER_OPTION_SET = 6;
const PARALLEL_PROCESSES = 4;
const ENGINE_CHECKS_PER_GAME = 6;
const ENGINE_PLAYOUTS = 200;
// More integer values than this are tried at their ends and default only.
const MOST_TRIED = 16;

// mulberry32: a small seeded generator, so a failure replays.
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// `quadra rules ARGS` with `input` on stdin: { status, out } with out's last newline cut.
function native(args, input = '') {
  return new Promise((resolve, reject) => {
    const child = execFile(binary, ['rules', ...args], (error, stdout) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ status: error ? error.code : 0, out: stdout.trimEnd() });
    });
    // A command that reads no record may exit before its stdin is written to.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

// Runs every check's native command, a few processes at a time (process start-up is most of a
// check's cost), and hands each answer to the check.
async function runChecks(checks) {
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const check = checks[next++];
      check.verify(await native(check.args, check.input));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_PROCESSES }, worker));
}

// Every combination of every option's values (words, and integers where few), as the registry
// lists them; the rules refuse some (3-player Kvadrat), which are left out.
function optionSets(game) {
  let sets = [{}];
  for (const option of game.options) {
    const values = [...option.words];
    if (option.min !== null) {
      if (option.max - option.min < MOST_TRIED) {
        for (let n = option.min; n <= option.max; n++) values.push(n);
      } else {
        values.push(option.min, option.max);
        if (typeof option.default === 'number') values.push(option.default);
      }
    }
    sets = sets.flatMap((set) => values.map((value) => ({ ...set, [option.name]: value })));
  }
  return sets.filter((set) => rules.start(game.id, set).position !== undefined);
}

// A random game from `start` to its end: [{ position, token }], the last with no token.
function randomGame(start, random) {
  const line = [];
  let position = start;
  for (;;) {
    const state = rules.state(position);
    if (state.legal.length === 0) {
      line.push({ position });
      return line;
    }
    const request = state.legal[Math.floor(random() * state.legal.length)];
    const count = rules.diceNeeded(position, request);
    const dice = Array.from({ length: count }, () => 1 + Math.floor(random() * 6));
    const token = count === 0 ? request : rules.withDice(position, request, dice).token;
    line.push({ position, token });
    const next = rules.apply(position, token);
    assert.equal(next.error, undefined, `${position} ${token}: ${next.error}`);
    position = next.position;
  }
}

// `count` indexes spread evenly over 0..length-1, the last always included.
function spread(length, count) {
  if (length <= count) return [...Array(length).keys()];
  if (count === 1) return [length - 1];
  const step = (length - 1) / Math.max(1, count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round(i * step)))];
}

const nextStateText = (position) => rules.stateText(position).replace(',"ply":0,', ',"ply":1,');

// The checks of one game: each a native command and what the module says it must answer.
function checksOf(game) {
  const random = generator(27 * 1000 + game.id.length);
  const sets = optionSets(game);
  assert.ok(sets.length > 0);
  const perSet = Math.ceil(POSITIONS_PER_GAME / sets.length);
  const checks = [];
  const positions = [];
  let finished = 0;
  for (const options of sets) {
    const start = rules.start(game.id, options).position;
    checks.push({
      args: ['--position'],
      input: JSON.stringify({ game: game.id, options, moves: [] }),
      verify: (answer) =>
        assert.deepEqual(answer, { status: 0, out: start }, JSON.stringify(options)),
    });
    // A refused token: the same reason from both (one option set per game is enough).
    if (checks.length === 1) {
      checks.push({
        args: ['--from', start, 'zz9'],
        verify: (answer) => {
          assert.equal(answer.status, 1);
          assert.equal(JSON.parse(answer.out).error.reason, rules.apply(start, 'zz9').error);
        },
      });
    }
    // Random games until this set has its share of positions; the last move of each is among
    // those checked, so its finished state is too.
    let taken = 0;
    for (let played = 0; played < GAMES_PER_OPTION_SET && taken < perSet; played++) {
      const line = randomGame(start, random);
      for (const at of spread(line.length - 1, perSet - taken)) {
        const { position, token } = line[at];
        const next = line[at + 1].position;
        checks.push({
          args: ['--from', position, token],
          verify: (answer) =>
            assert.deepEqual(
              answer,
              { status: 0, out: nextStateText(next) },
              `${position} ${token}`,
            ),
        });
        // What the rules explain, from both: the token played, or at every other position the
        // next side's token here (mostly refused).
        const request = taken % 2 === 0 ? token : (line[at + 1].token ?? 'pass');
        checks.push({
          args: ['--from', position, '--explain', request],
          verify: (answer) =>
            assert.deepEqual(
              { status: answer.status, explained: JSON.parse(answer.out) },
              { status: 0, explained: rules.explain(position, request) },
              `${position} --explain ${request}`,
            ),
        });
        positions.push(position);
        taken += 1;
        if (rules.state(next).status === 'finished') finished += 1;
      }
    }
  }
  assert.ok(positions.length >= POSITIONS_PER_GAME, `${positions.length} positions`);
  assert.ok(finished >= sets.length, `${finished} finished states for ${sets.length} option sets`);

  for (const at of spread(positions.length, ENGINE_CHECKS_PER_GAME)) {
    const position = positions[at];
    const seed = 7741 + at;
    checks.push({
      args: ['--from', position, '--best', String(ENGINE_PLAYOUTS), '--seed', String(seed)],
      verify: (answer) => {
        assert.equal(answer.status, 0, answer.out);
        const mine = rules.bestMove(position, { playouts: ENGINE_PLAYOUTS, seed });
        assert.deepEqual(mine, JSON.parse(answer.out), position);
      },
    });
    checks.push({
      args: ['--from', position, '--analyse', String(ENGINE_PLAYOUTS), '--seed', String(seed)],
      verify: (answer) => {
        assert.equal(answer.status, 0, answer.out);
        const mine = rules.analyse(position, { playouts: ENGINE_PLAYOUTS, seed });
        assert.deepEqual(mine, JSON.parse(answer.out), position);
      },
    });
  }
  return checks;
}

for (const game of rules.games()) {
  test(`${game.id}: the module and quadra rules agree on starts, states, moves and the engine`, async () => {
    assert.ok(binary, 'QUADRA_BINARY names the native quadra');
    await runChecks(checksOf(game));
  });
}

test('a bad notation is refused with the same reason by both', async () => {
  for (const notation of ['kvadratura:x:3/3/3', 'quadwrangle:4:3', 'chess:8/8', '']) {
    const answer = await native(['--from', notation]);
    assert.equal(answer.status, 2);
    assert.deepEqual(rules.state(notation), { error: JSON.parse(answer.out).error.reason });
  }
});

test('the engine by level uses the level budget, as --best LEVEL does', async () => {
  const position = rules.start('kvadratura', { size: 4 }).position;
  const playouts = rules.levelPlayouts('easy');
  assert.equal(playouts, 100);
  const answer = await native(['--from', position, '--best', 'easy', '--seed', '5']);
  assert.equal(answer.status, 0);
  const nativeMove = JSON.parse(answer.out);
  assert.deepEqual(rules.bestMove(position, { playouts, seed: 5 }), nativeMove);
  assert.equal(nativeMove.playouts, 100);
});
