// web-client/common/push_words.js: what a notification says (PROTOCOL.md "What a push message
// says") in English and in Russian, its tag and the page a click opens; the classic script the
// service worker loads, imported here for its side effect like a page does.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../../../web-client/common/push_words.js';

const { TEXTS, KINDS, languageOf, notificationOf, pagePath } = globalThis.QuadraPush;

const EN = { language: 'en', games: { quadrature: 'Quadrature', kvadratura: 'Kvadratura' } };
const RU = { language: 'ru', games: { quadrature: 'Прямоугольники', kvadratura: 'Квадратура' } };

// The protocol's examples.
const YOUR_TURN = { kind: 'your_turn', room: 'K7QM3X', game: 'quadrature' };
const DRAW = { kind: 'offer', offer: 'draw', room: 'K7QM3X', game: 'quadrature' };
const TAKEBACK = { kind: 'offer', offer: 'takeback', room: 'K7QM3X', game: 'quadrature' };
const GAME_END = { kind: 'game_end', room: 'K7QM3X', game: 'quadrature' };
const CHALLENGE = {
  kind: 'challenge',
  from: 'Ann',
  game: 'quadrature',
  challenge: 3301786622014913,
};
const ACCEPTED = {
  kind: 'challenge',
  from: 'Cy',
  game: 'kvadratura',
  challenge: 3301786622014913,
  room: 'M6E5JM',
};

test('each kind of news in English, with its tag and page', () => {
  assert.deepEqual(notificationOf(YOUR_TURN, EN), {
    title: 'Your turn',
    body: 'Quadrature, room K7QM3X: the game waits for your move.',
    tag: 'K7QM3X',
    url: '/r/K7QM3X',
  });
  assert.deepEqual(notificationOf(DRAW, EN), {
    title: 'Draw offered',
    body: 'Quadrature, room K7QM3X: your opponent offers a draw.',
    tag: 'K7QM3X',
    url: '/r/K7QM3X',
  });
  assert.equal(notificationOf(TAKEBACK, EN).title, 'Takeback asked');
  assert.equal(
    notificationOf(TAKEBACK, EN).body,
    'Quadrature, room K7QM3X: your opponent asks to take back a move.',
  );
  assert.equal(notificationOf(GAME_END, EN).title, 'Game over');
  assert.equal(notificationOf(GAME_END, EN).body, 'Quadrature, room K7QM3X: the game has ended.');
  // A challenge to the player: tagged with its id, opening the lobby.
  assert.deepEqual(notificationOf(CHALLENGE, EN), {
    title: 'New challenge',
    body: 'Ann challenges you to a game of Quadrature.',
    tag: '3301786622014913',
    url: '/',
  });
  // One's own challenge accepted: tagged with its room, opening it.
  assert.deepEqual(notificationOf(ACCEPTED, EN), {
    title: 'Challenge accepted',
    body: 'Cy accepted your challenge: Kvadratura, room M6E5JM.',
    tag: 'M6E5JM',
    url: '/r/M6E5JM',
  });
});

test('each kind of news in Russian', () => {
  assert.deepEqual(
    [YOUR_TURN, DRAW, TAKEBACK, GAME_END, CHALLENGE, ACCEPTED].map((m) => {
      const { title, body } = notificationOf(m, RU);
      return `${title} | ${body}`;
    }),
    [
      'Ваш ход | Прямоугольники, комната K7QM3X: партия ждёт вашего хода.',
      'Предложена ничья | Прямоугольники, комната K7QM3X: соперник предлагает ничью.',
      'Просьба вернуть ход | Прямоугольники, комната K7QM3X: соперник просит вернуть ход.',
      'Партия окончена | Прямоугольники, комната K7QM3X: партия окончена.',
      'Новый вызов | Ann вызывает вас на партию: Прямоугольники.',
      'Вызов принят | Cy принял(а) ваш вызов: Квадратура, комната M6E5JM.',
    ],
  );
});

test('without the games’ titles (a worker the page left no settings) the room is said alone', () => {
  const bare = { language: 'en', games: {} };
  assert.equal(notificationOf(YOUR_TURN, bare).body, 'Room K7QM3X: the game waits for your move.');
  assert.equal(notificationOf(CHALLENGE, bare).body, 'Ann challenges you to a game.');
  assert.equal(
    notificationOf(CHALLENGE, { language: 'ru', games: {} }).body,
    'Ann вызывает вас на партию.',
  );
  // No settings at all: English.
  assert.equal(notificationOf(GAME_END, undefined).body, 'Room K7QM3X: the game has ended.');
  // A language without words here: English.
  assert.equal(notificationOf(GAME_END, { language: 'de' }).title, 'Game over');
  // A challenge without a sender's name still reads.
  assert.equal(
    notificationOf({ kind: 'challenge', challenge: 5 }, bare).body,
    'Someone challenges you to a game.',
  );
});

test('news this client does not know says nothing', () => {
  for (const message of [
    null,
    'your_turn',
    {},
    { kind: 'moved', room: 'K7QM3X' },
    { kind: 'offer', offer: 'resign', room: 'K7QM3X' },
    { kind: 'toString' },
  ]) {
    assert.equal(notificationOf(message, EN), null, JSON.stringify(message));
  }
});

test('a click opens the room, or the lobby; nothing else', () => {
  assert.equal(pagePath({ room: 'k7qm3x' }), '/r/K7QM3X');
  assert.equal(pagePath({}), '/');
  assert.equal(pagePath({ room: '../admin' }), '/');
  assert.equal(pagePath({ room: 'https://example.net' }), '/');
  assert.equal(pagePath(null), '/');
});

test('the worker speaks the first language it has words for, else English', () => {
  assert.equal(languageOf(['ru-RU', 'en']), 'ru');
  assert.equal(languageOf(['de-DE', 'en-GB']), 'en');
  assert.equal(languageOf(['de']), 'en');
  assert.equal(languageOf(undefined), 'en');
});

test('Russian has every English word, with the same placeholders', () => {
  const holes = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const walk = (en, ru, at) => {
    assert.deepEqual(Object.keys(ru).sort(), Object.keys(en).sort(), at);
    for (const key of Object.keys(en)) {
      if (typeof en[key] === 'string') {
        assert.equal(typeof ru[key], 'string', `${at}.${key}`);
        assert.ok(ru[key].trim(), `${at}.${key}`);
        assert.deepEqual(holes(ru[key]), holes(en[key]), `${at}.${key}`);
      } else walk(en[key], ru[key], `${at}.${key}`);
    }
  };
  assert.deepEqual(Object.keys(TEXTS).sort(), ['en', 'ru']);
  walk(TEXTS.en, TEXTS.ru, 'ru');
  assert.deepEqual(KINDS, ['your_turn', 'challenge', 'offer', 'game_end']);
});
