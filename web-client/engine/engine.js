// The engine in a Web Worker: the same search as the server's bots (bots::choose_move, compiled
// to WebAssembly), so a position, a playout budget and a seed give the server's move.
//
//   const engine = createEngine();
//   const { request, value, playouts } = await engine.bestMove(position, { playouts: 800, seed: 1 });
//   await engine.bestMove(position, { level: 'hard', seed: 1 }); // bots/level.hpp's budget
//   const seen = await engine.analyse(position, { budgets: growingBudgets(4000), seed: 1,
//     onProgress: (analysis) => draw(analysis) }); // bots::analyse at 250, 500, … 4000 playouts
//
// A search cannot be interrupted inside the module, so stop() ends the worker: the pending
// searches reject with an Error named 'AbortError', and the next bestMove starts a fresh worker.
// terminate() ends it for good.

const WORKER_URL = new URL('./engine_worker.js', import.meta.url);
const MODULE_URL = new URL('./quadra.wasm', import.meta.url);

// The budgets of a search that shows itself as it goes: 250, 500, 1000, … doubling while below
// `target`, then `target`. Each is searched afresh, so each answer is a pure function of the
// position, that budget and the seed.
export function growingBudgets(target, first = 250) {
  const budgets = [];
  for (let budget = first; budget < target; budget *= 2) budgets.push(budget);
  budgets.push(target);
  return budgets;
}

export function createEngine({ module = MODULE_URL } = {}) {
  let worker = null;
  let nextId = 1;
  let ended = false;
  const pending = new Map();

  const rejectAll = (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const started = () => {
    if (worker) return worker;
    worker = new Worker(WORKER_URL, { type: 'module' });
    worker.onmessage = ({ data }) => {
      const waiting = pending.get(data.id);
      if (!waiting) return;
      if (data.progress !== undefined) {
        waiting.onProgress?.(data.progress);
        return;
      }
      pending.delete(data.id);
      if (data.error === undefined) waiting.resolve(data.answer);
      else waiting.reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      rejectAll(new Error(event.message || 'the engine failed'));
      worker.terminate();
      worker = null;
    };
    return worker;
  };
  const abortError = (message) => Object.assign(new Error(message), { name: 'AbortError' });
  const stop = () => {
    worker?.terminate();
    worker = null;
    rejectAll(abortError('the search was stopped'));
  };

  const ask = (message, onProgress) => {
    if (ended) return Promise.reject(abortError('the engine was terminated'));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      started().postMessage({ ...message, id, module: String(module) });
    });
  };

  return {
    // { request, value, playouts }: the move for `playouts` (or a level's playouts) and `seed`.
    bestMove(position, { playouts, level, seed = 0 } = {}) {
      return ask({ position, playouts, level, seed });
    },
    // What the search saw (rules.js analyse) at each of `budgets` in turn: onProgress(analysis)
    // for each as it completes, the last one's resolved.
    analyse(position, { budgets, seed = 0, onProgress } = {}) {
      return ask({ position, budgets, seed, analyse: true }, (seen) => onProgress?.(seen)).then(
        (seen) => {
          onProgress?.(seen);
          return seen;
        },
      );
    },
    stop,
    terminate() {
      ended = true;
      stop();
    },
  };
}
