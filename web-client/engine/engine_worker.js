// The engine's worker (engine.js): the WebAssembly module's search off the page's thread. A
// message { id, position, playouts | level, seed } is answered with { id, answer } (the
// module's { request, value, playouts }) or { id, error }.

import { loadRules } from './rules.js';

let rules = null;

self.onmessage = async ({ data }) => {
  const { id, position, playouts, level, seed } = data;
  try {
    rules ??= loadRules(data.module);
    const loaded = await rules;
    const budget = level === undefined ? playouts : loaded.levelPlayouts(level);
    const answer = loaded.bestMove(position, { playouts: budget, seed });
    self.postMessage(answer.error === undefined ? { id, answer } : { id, error: answer.error });
  } catch (failure) {
    self.postMessage({ id, error: String(failure?.message ?? failure) });
  }
};
