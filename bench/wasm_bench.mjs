// Playouts per second of the engine in WebAssembly (Node, web-client/engine/quadra.wasm) against
// the native binary, same position (each game's start with its default options; Quadwrangle's
// after its first roll), budget and
// seed; medians of a few runs. The native figure is `quadra rules --best N` less the median run
// of `--best 0` (process start-up and one random move).
//
//   node bench/wasm_bench.mjs build/release/server/quadra [runs]

import { execFileSync } from 'node:child_process';
import { loadRules } from '../web-client/engine/rules.js';

const binary = process.argv[2] ?? 'build/release/server/quadra';
const runs = Number(process.argv[3] ?? 5);
// Budgets large enough that a native search takes a good fraction of a second.
const PLAYOUTS = { quadrature: 6000, quadwrangle: 30000, kvadrat: 8000, kvadratura: 8000 };
const SEED = 7741;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (run) => {
  const start = process.hrtime.bigint();
  const answer = run();
  return { answer, time: Number(process.hrtime.bigint() - start) / 1e9 };
};
const native = (position, playouts) =>
  seconds(() =>
    JSON.parse(
      execFileSync(
        binary,
        ['rules', '--from', position, '--best', String(playouts), '--seed', String(SEED)],
        { encoding: 'utf8' },
      ),
    ),
  );

const rules = await loadRules();
// A position with a choice: Quadwrangle's start only rolls, so it rolls 3 6 6 2 5 first.
const withChoice = (position) => {
  const [only, ...others] = rules.state(position).legal;
  if (others.length > 0) return position;
  const { token } = rules.withDice(
    position,
    only,
    [3, 6, 6, 2, 5].slice(0, rules.diceNeeded(position, only)),
  );
  return rules.apply(position, token).position;
};
console.log('game         playouts  native s  wasm s   native/s  wasm/s    wasm/native  same move');
for (const game of rules.games()) {
  const position = withChoice(rules.start(game.id).position);
  const playouts = PLAYOUTS[game.id] ?? 5000;
  rules.bestMove(position, { playouts: 200, seed: SEED }); // compile the hot code first
  const startup = median(Array.from({ length: runs }, () => native(position, 0).time));
  const nativeRuns = Array.from({ length: runs }, () => native(position, playouts));
  const wasmRuns = Array.from({ length: runs }, () =>
    seconds(() => rules.bestMove(position, { playouts, seed: SEED })),
  );
  const nativeTime = median(nativeRuns.map((run) => run.time)) - startup;
  const wasmTime = median(wasmRuns.map((run) => run.time));
  const same = JSON.stringify(nativeRuns[0].answer) === JSON.stringify(wasmRuns[0].answer);
  console.log(
    [
      game.id.padEnd(12),
      String(playouts).padStart(8),
      nativeTime.toFixed(3).padStart(9),
      wasmTime.toFixed(3).padStart(7),
      Math.round(playouts / nativeTime)
        .toString()
        .padStart(9),
      Math.round(playouts / wasmTime)
        .toString()
        .padStart(8),
      (nativeTime / wasmTime).toFixed(2).padStart(12),
      same ? '  yes' : '  NO',
    ].join(' '),
  );
}
