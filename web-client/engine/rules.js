// The rules, the engine and protocol's state JSON, compiled from the server's own rules/, bots/
// and protocol/ to WebAssembly (wasm/README.md). Nothing here knows a rule: every answer is the
// module's. Positions are notations (docs/rules.md §6).

import { wasiImports } from './wasi.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The compiled module from `source`: a URL (http(s): fetched, file: read from disk in Node; a
// relative one against the page, or in Node the working directory), bytes or an already
// compiled WebAssembly.Module.
export async function compileRules(source = new URL('./quadra.wasm', import.meta.url)) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return WebAssembly.compile(source);
  }
  const url = new URL(source, globalThis.location?.href ?? `file://${globalThis.process.cwd()}/`);
  if (url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  const response = fetch(url);
  if (WebAssembly.compileStreaming) return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await (await response).arrayBuffer());
}

export async function loadRules(source = new URL('./quadra.wasm', import.meta.url)) {
  const module = await compileRules(source);
  let memory = null;
  const instance = await WebAssembly.instantiate(
    module,
    wasiImports(() => memory),
  );
  memory = instance.exports.memory;
  instance.exports._initialize();
  return rulesOf(instance.exports);
}

// Calls export `name` with the strings (copied into the module's memory) and numbers of `args`;
// the module's answer as { ok, text }.
function caller(exports) {
  return (name, ...args) => {
    const owned = [];
    const flat = [];
    for (const arg of args) {
      if (typeof arg !== 'string' && !(arg instanceof Int32Array)) {
        flat.push(arg);
        continue;
      }
      const bytes =
        typeof arg === 'string'
          ? encoder.encode(arg)
          : new Uint8Array(arg.buffer, arg.byteOffset, arg.byteLength);
      const at = exports.quadra_alloc(bytes.length);
      owned.push(at);
      new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
      flat.push(at, typeof arg === 'string' ? bytes.length : arg.length);
    }
    try {
      const status = exports[name](...flat);
      const at = exports.quadra_answer();
      const length = exports.quadra_answer_length();
      const text = decoder.decode(new Uint8Array(exports.memory.buffer, at, length));
      return { ok: status === 0, text };
    } finally {
      for (const at of owned) exports.quadra_free(at);
    }
  };
}

function rulesOf(exports) {
  const call = caller(exports);
  const valueOr = (answer, key, read = (text) => text) =>
    answer.ok ? { [key]: read(answer.text) } : { error: answer.text };
  const numberOf = (answer) => {
    if (!answer.ok) throw new Error(answer.text);
    return Number(answer.text);
  };
  return {
    // A new game's position, options as the registry names them ({ size: 5 }).
    start(gameId, options = {}) {
      const text = Object.keys(options).length === 0 ? '' : JSON.stringify(options);
      return valueOr(call('quadra_start', gameId, text), 'position');
    },
    // The state exactly as `quadra rules --from <position>` prints it, "ply": 0 included.
    state(position) {
      const answer = call('quadra_state', position);
      return answer.ok ? JSON.parse(answer.text) : { error: answer.text };
    },
    // The same state as the module wrote it, byte for byte the line `quadra rules` prints;
    // throws on a bad notation.
    stateText(position) {
      const answer = call('quadra_state', position);
      if (!answer.ok) throw new Error(answer.text);
      return answer.text;
    },
    // How many dice `request` needs (0 for none); throws on a bad notation.
    diceNeeded(position, request) {
      return numberOf(call('quadra_dice_needed', position, request));
    },
    // The recorded token of `request` with `dice` (an array of 1 to 6).
    withDice(position, request, dice) {
      return valueOr(call('quadra_with_dice', position, request, Int32Array.from(dice)), 'token');
    },
    // The position after the recorded `token`, or the rules' refusal.
    apply(position, token) {
      return valueOr(call('quadra_apply', position, token), 'position');
    },
    // What `request` would do in `position`, or why the rules refuse it, as
    // `quadra rules --from <position> --explain <request>` prints it (rules::game::explain):
    // { request, legal, reason?, message?, … the game's fields }, or { error } for a bad notation.
    explain(position, request) {
      const answer = call('quadra_explain', position, request);
      return answer.ok ? JSON.parse(answer.text) : { error: answer.text };
    },
    // The registry's games as protocol's `games` message lists them.
    games() {
      return JSON.parse(call('quadra_games').text);
    },
    // A level's playouts per move (bots/level.hpp); throws on an unknown level.
    levelPlayouts(level) {
      return numberOf(call('quadra_level_playouts', level));
    },
    // The engine's move, as `quadra rules --from <position> --best <playouts> --seed <seed>`
    // prints it: { request, value, playouts }, or { error }. Synchronous: run it in a worker
    // (engine.js) where the page must stay responsive.
    bestMove(position, { playouts, seed = 0 }) {
      const answer = call('quadra_best_move', position, playouts, BigInt.asUintN(64, BigInt(seed)));
      return answer.ok ? JSON.parse(answer.text) : { error: answer.text };
    },
    // What the engine saw, as `quadra rules --from <position> --analyse <playouts> --seed <seed>`
    // prints it: { request, value, playouts, moves: [{ request, value, visits }] (most visited
    // first), line, seat_values }, or { error }. Synchronous, like bestMove.
    analyse(position, { playouts, seed = 0 }) {
      const answer = call('quadra_analyse', position, playouts, BigInt.asUintN(64, BigInt(seed)));
      return answer.ok ? JSON.parse(answer.text) : { error: answer.text };
    },
  };
}
