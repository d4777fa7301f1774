// How many of the account's games wait for its move (the `my_games` answer's `your_turn`, then
// every `turns` message; PROTOCOL.md "turns"), and the page's title with it: "(3) Quadra" while
// the count is above 0. This module owns document.title: a page sets its own title through
// `setBaseTitle`, never directly, so the count's prefix stays whatever the page calls itself.
// `createTurnCounter` works on any object with a `title` (tested under Node with a plain one).

// `base` with the count in front while there is one.
export function titleWithTurns(base, count) {
  return count > 0 ? `(${count}) ${base}` : base;
}

// A whole count of 0 or more from whatever the server sent (a missing count is 0).
function wholeCount(value) {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

// The counter of a document-like `doc`: its base title (at first `doc.title`), its count, and
// listeners told `(count, previous)` on every setCount — `previous` is null for the first count
// of the page, so a listener can tell what it knew from what changed.
export function createTurnCounter(doc) {
  let base = doc.title;
  let count = 0;
  let known = false;
  const listeners = new Set();
  const show = () => {
    const title = titleWithTurns(base, count);
    if (doc.title !== title) doc.title = title;
  };
  return {
    setBaseTitle(title) {
      base = String(title);
      show();
    },
    get baseTitle() {
      return base;
    },
    get count() {
      return count;
    },
    setCount(value) {
      const previous = known ? count : null;
      known = true;
      count = wholeCount(value);
      show();
      for (const fn of listeners) fn(count, previous);
    },
    // `fn(count, previous)` on every setCount; returns the function that removes it.
    onChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

// The page's own counter (outside a browser, a stand-in document's).
export const turnCounter = createTurnCounter(
  typeof document === 'undefined' ? { title: '' } : document,
);

// The page's title, without the count: what every page calls instead of setting document.title.
export function setBaseTitle(title) {
  turnCounter.setBaseTitle(title);
}
