// The rules' own explanation of a request (rules::game::explain, through the WebAssembly rules of
// rules.js) for the boards' hints and the screen reader's list of moves. The module loads once,
// in the background, when a board first has a move to explain (a room opening on the player's
// turn); until it is there an explanation is null and nothing is explained, and each board asks
// again once it has arrived.

import { loadRules } from './rules.js';

let rules = null;
let loading = null;

// Starts loading the rules (once) and calls `ready`, never synchronously, when they are there.
export function whenExplaining(ready) {
  if (rules) {
    queueMicrotask(ready);
    return;
  }
  if (!loading) {
    loading = loadRules().then(
      (loaded) => {
        rules = loaded;
      },
      (error) => {
        // Hints stay off; the next board to open tries again.
        console.warn('the rules module did not load, so hints are off', error);
        loading = null;
      },
    );
  }
  loading.then(() => {
    if (rules) ready();
  });
}

// What `request` would do in the position notation `position`, or why the rules refuse it:
// { request, legal, reason?, message?, … } as the game's header lists the fields; null while the
// rules are loading or without a position.
export function explainRequest(position, request) {
  if (!rules || !position) return null;
  const found = rules.explain(position, request);
  return found.error ? null : found;
}
