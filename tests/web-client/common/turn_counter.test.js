// web-client/common/turn_counter.js: the count of an account's games waiting for its move and
// the page's title with it; web-client/common/turn_badge.js: the header's badge and what it
// says, drawn into fake_dom.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createTurnCounter,
  setBaseTitle,
  titleWithTurns,
  turnCounter,
} from '../../../web-client/common/turn_counter.js';
import { setupTurnBadge } from '../../../web-client/common/turn_badge.js';
import { FakeElement, installFakeDocument } from '../fake_dom.js';

test('the title has the count in front only while it is above 0', () => {
  assert.equal(titleWithTurns('Quadra', 0), 'Quadra');
  assert.equal(titleWithTurns('Quadra', 1), '(1) Quadra');
  assert.equal(titleWithTurns('Quadra', 12), '(12) Quadra');
});

test('a page’s own title keeps the prefix, and loses it with the count', () => {
  const doc = { title: 'Quadra' };
  const counter = createTurnCounter(doc);
  assert.equal(counter.baseTitle, 'Quadra', 'the base starts as the document’s title');
  counter.setCount(0);
  assert.equal(doc.title, 'Quadra', '0: no prefix');
  counter.setCount(3);
  assert.equal(doc.title, '(3) Quadra');
  counter.setBaseTitle('K7QM3X — Kvadratura');
  assert.equal(doc.title, '(3) K7QM3X — Kvadratura', 'a new base title keeps the prefix');
  assert.equal(counter.baseTitle, 'K7QM3X — Kvadratura');
  counter.setCount(1);
  assert.equal(doc.title, '(1) K7QM3X — Kvadratura');
  counter.setCount(0);
  assert.equal(doc.title, 'K7QM3X — Kvadratura');
  counter.setBaseTitle('Quadra');
  assert.equal(doc.title, 'Quadra', 'a new base title without a count has no prefix');
});

test('what the server sent is read as a whole count of 0 or more', () => {
  const doc = { title: 'Quadra' };
  const counter = createTurnCounter(doc);
  for (const [value, count] of [
    [undefined, 0],
    [null, 0],
    [-2, 0],
    ['x', 0],
    [2.7, 2],
    ['4', 4],
  ]) {
    counter.setCount(value);
    assert.equal(counter.count, count, String(value));
  }
  assert.equal(doc.title, '(4) Quadra');
});

test('listeners hear each count with the one before (null for the first)', () => {
  const counter = createTurnCounter({ title: 'Quadra' });
  const heard = [];
  const stop = counter.onChange((count, previous) => heard.push([count, previous]));
  counter.setCount(2);
  counter.setCount(3);
  counter.setCount(0);
  stop();
  counter.setCount(5);
  assert.deepEqual(heard, [
    [2, null],
    [3, 2],
    [0, 3],
  ]);
});

test('the page’s own counter: setBaseTitle is the title while there is no count', () => {
  setBaseTitle('Quadra — how to play');
  assert.equal(turnCounter.baseTitle, 'Quadra — how to play');
  assert.equal(turnCounter.count, 0);
});

// The badge and its live region, wired to a fresh counter, with the `open` calls recorded.
function badge() {
  installFakeDocument();
  const link = new FakeElement('a');
  const announcer = new FakeElement('span');
  const counter = createTurnCounter({ title: 'Quadra' });
  const opened = [];
  setupTurnBadge(link, announcer, counter, () => opened.push(true));
  return { link, announcer, counter, opened };
}

test('the badge shows the count with an accessible name that starts with its words', () => {
  const { link, counter } = badge();
  counter.setCount(0);
  assert.equal(link.hidden, true, 'hidden at 0');
  counter.setCount(1);
  assert.equal(link.hidden, false);
  assert.equal(link.textContent, 'Your turn: 1');
  assert.equal(
    link.getAttribute('aria-label'),
    'Your turn: 1 — 1 game waits for your move. Show your games',
  );
  assert.equal(link.dataset.count, '1');
  counter.setCount(3);
  assert.equal(link.textContent, 'Your turn: 3');
  assert.equal(
    link.getAttribute('aria-label'),
    'Your turn: 3 — 3 games wait for your move. Show your games',
  );
  counter.setCount(0);
  assert.equal(link.hidden, true, 'hidden again at 0');
  assert.equal(link.dataset.count, '0');
});

test('only a rise of the count is said, never the first count or a fall', () => {
  const { announcer, counter } = badge();
  counter.setCount(2);
  assert.equal(announcer.textContent, '', 'the page’s first count is not news');
  counter.setCount(3);
  assert.equal(announcer.textContent, 'Your turn in 3 games.');
  counter.setCount(3);
  assert.equal(announcer.textContent, 'Your turn in 3 games.', 'unchanged: nothing new');
  counter.setCount(2);
  assert.equal(announcer.textContent, '', 'a fall is not said (and clears the region)');
  counter.setCount(3);
  assert.equal(announcer.textContent, 'Your turn in 3 games.', 'the same count said again');
  counter.setCount(0);
  counter.setCount(1);
  assert.equal(announcer.textContent, 'Your turn in 1 game.');
});

test('following the badge opens "your games" in the page; a modified click is the browser’s', () => {
  const { link, counter, opened } = badge();
  counter.setCount(1);
  let prevented = false;
  link.dispatch({ type: 'click', button: 0, preventDefault: () => (prevented = true) });
  assert.deepEqual(opened, [true]);
  assert.equal(prevented, true);
  prevented = false;
  link.dispatch({
    type: 'click',
    button: 0,
    ctrlKey: true,
    preventDefault: () => (prevented = true),
  });
  link.dispatch({ type: 'click', button: 1, preventDefault: () => (prevented = true) });
  assert.deepEqual(opened, [true], 'a new tab, not this one');
  assert.equal(prevented, false);
});
