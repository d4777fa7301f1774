// The browser's rules and engine (web-client/engine/, wasm/): the page loads quadra.wasm from
// the server as application/wasm, rules.js gives the state `quadra rules` prints, and the
// engine in its Web Worker finds the native engine's move and analysis for the same budget and
// seed (each step of a growing search included); stop() ends a search and the next one still
// answers. Real `quadra serve`, real Chromium.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { browserSuite, QUADRA } from './harness.js';

const suite = browserSuite();

const POSITION = 'kvadratura:l:4/4/1W2/4';

function nativeRules(...args) {
  const run = spawnSync(QUADRA, ['rules', ...args], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

test('the module is served as application/wasm and gives the state quadra rules prints', async () => {
  const { page, problems } = await suite.open({ pathname: '/rules/kvadratura', connects: false });
  const served = await page.evaluate(async () => {
    const response = await fetch('/engine/quadra.wasm', { method: 'HEAD' });
    return response.headers.get('content-type');
  });
  assert.equal(served, 'application/wasm');
  const state = await page.evaluate(async (position) => {
    const { loadRules } = await import('/engine/rules.js');
    const rules = await loadRules();
    return rules.state(position);
  }, POSITION);
  assert.deepEqual(state, nativeRules('--from', POSITION));
  assert.deepEqual(problems, []);
});

test("the engine's worker answers the native engine's move; stop() ends a search", async () => {
  const { page, problems } = await suite.open({ pathname: '/rules/kvadratura', connects: false });
  const answers = await page.evaluate(async (position) => {
    const { createEngine } = await import('/engine/engine.js');
    const engine = createEngine();
    const byBudget = await engine.bestMove(position, { playouts: 500, seed: 9 });
    const byLevel = await engine.bestMove(position, { level: 'easy', seed: 3 });
    const long = engine.bestMove('kvadratura:l:8/8/8/8/8/8/8/8', { playouts: 10000000, seed: 1 });
    const stopped = long.then(
      () => 'answered',
      (error) => error.name,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    engine.stop();
    const afterStop = await engine.bestMove(position, { playouts: 500, seed: 9 });
    engine.terminate();
    return { byBudget, byLevel, stopped: await stopped, afterStop };
  }, POSITION);
  const native = nativeRules('--from', POSITION, '--best', '500', '--seed', '9');
  assert.deepEqual(answers.byBudget, native);
  assert.deepEqual(
    answers.byLevel,
    nativeRules('--from', POSITION, '--best', 'easy', '--seed', '3'),
  );
  assert.equal(answers.stopped, 'AbortError');
  assert.deepEqual(answers.afterStop, native);
  assert.deepEqual(problems, []);
});

test('the worker’s analysis at each growing budget is the native --analyse for that budget', async () => {
  const { page, problems } = await suite.open({ pathname: '/rules/kvadratura', connects: false });
  const steps = await page.evaluate(async (position) => {
    const { createEngine, growingBudgets } = await import('/engine/engine.js');
    const engine = createEngine();
    const seen = [];
    const last = await engine.analyse(position, {
      budgets: growingBudgets(600),
      seed: 9,
      onProgress: (step) => seen.push(step),
    });
    engine.terminate();
    return { seen, last };
  }, POSITION);
  assert.deepEqual(
    steps.seen.map((step) => step.playouts),
    [250, 500, 600],
  );
  for (const step of steps.seen) {
    assert.deepEqual(
      step,
      nativeRules('--from', POSITION, '--analyse', String(step.playouts), '--seed', '9'),
    );
  }
  assert.deepEqual(steps.last, steps.seen.at(-1));
  assert.deepEqual(problems, []);
});
