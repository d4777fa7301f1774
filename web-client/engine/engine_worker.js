// The engine's worker (engine.js): the WebAssembly module's search off the page's thread. A
// message { id, position, playouts | level, seed } is answered with { id, answer } (the
// module's { request, value, playouts }) or { id, error }. A message { id, position, budgets,
// seed, analyse: true } is answered with one { id, progress } per budget but the last (the
// module's analysis at that budget, posted as soon as it is done), then { id, answer } with the
// last budget's.

import { loadRules } from './rules.js';

let rules = null;

function answerFor(loaded, { position, playouts, level, seed }) {
  const budget = level === undefined ? playouts : loaded.levelPlayouts(level);
  return loaded.bestMove(position, { playouts: budget, seed });
}

self.onmessage = async ({ data }) => {
  const { id, position, budgets, seed } = data;
  try {
    rules ??= loadRules(data.module);
    const loaded = await rules;
    if (!data.analyse) {
      const answer = answerFor(loaded, data);
      self.postMessage(answer.error === undefined ? { id, answer } : { id, error: answer.error });
      return;
    }
    for (const [i, playouts] of budgets.entries()) {
      const seen = loaded.analyse(position, { playouts, seed });
      if (seen.error !== undefined) {
        self.postMessage({ id, error: seen.error });
        return;
      }
      self.postMessage(i + 1 < budgets.length ? { id, progress: seen } : { id, answer: seen });
    }
  } catch (failure) {
    self.postMessage({ id, error: String(failure?.message ?? failure) });
  }
};
