// web-client/common/result_words.js and games/index.js gameResultInWords: every result code is
// put in English words from its figures (the room's names, the game's seat names), every code
// the rules document has words, and a result without a code shows its reason as it is. The same
// cases in Russian: result_words_ru.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ROOM_RESULTS,
  noResultEnding,
  resultInWords,
} from '../../../web-client/common/result_words.js';
import { GAME_IDS, gameResultInWords } from '../../../web-client/games/index.js';
import { RESULTS as QUADRATURE } from '../../../web-client/games/quadrature/results.js';
import { RESULTS as QUADWRANGLE } from '../../../web-client/games/quadwrangle/results.js';
import { RESULTS as KVADRAT } from '../../../web-client/games/kvadrat/results.js';
import { RESULTS as KVADRATURA } from '../../../web-client/games/kvadratura/results.js';
import { NO_WORDS, RESULT_CASES, ROOM_CODES, assertWorded } from './result_cases.js';

const GAME_RESULTS = {
  quadrature: QUADRATURE,
  quadwrangle: QUADWRANGLE,
  kvadrat: KVADRAT,
  kvadratura: KVADRATURA,
};

const RULES_MD = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/rules.md',
);

// The rules' codes by game id from the table of docs/rules.md §8 ("| Quadrature | `reduced` |").
function documentedCodes() {
  const text = readFileSync(RULES_MD, 'utf8');
  const section = text.slice(text.indexOf('Result codes'));
  const codes = {};
  for (const [, game, code] of section.matchAll(/^\| (\w+) \| `(\w+)` \|/gm)) {
    (codes[game.toLowerCase()] ||= []).push(code);
  }
  return codes;
}

const casesOf = (code) => RESULT_CASES.filter((c) => c.result.code === code);

test('every code is put in English words from its figures', () => {
  for (const { game, players, result, en } of RESULT_CASES) {
    assert.equal(gameResultInWords(game, result, { players }), en, result.code);
  }
});

test('the cases cover every code of the room, of each game and of docs/rules.md §8', () => {
  assert.deepEqual(Object.keys(ROOM_RESULTS).sort(), [...ROOM_CODES].sort());
  assert.deepEqual(Object.keys(GAME_RESULTS).sort(), [...GAME_IDS].sort());
  const documented = documentedCodes();
  assert.ok(Object.keys(documented).length, 'no code table found in docs/rules.md §8');
  for (const id of GAME_IDS) {
    const own = RESULT_CASES.filter((c) => c.game === id && !ROOM_CODES.includes(c.result.code));
    const cased = [...new Set(own.map((c) => c.result.code))].sort();
    assert.deepEqual(Object.keys(GAME_RESULTS[id]).sort(), cased, `${id}: words without a case`);
    for (const code of documented[id] || []) {
      assert.ok(cased.includes(code), `${id}: ${code} is documented but has no words`);
    }
  }
  for (const code of ROOM_CODES) assert.ok(casesOf(code).length, `${code} has no case`);
});

test('every code has English words, whatever figures it is given', () => {
  for (const { game, players, result } of RESULT_CASES) {
    const words = gameResultInWords(game, { ...result, reason: NO_WORDS }, { players });
    assertWorded(assert, words, result.code, 'en');
  }
  // The room's codes are any game's.
  for (const code of ROOM_CODES) {
    for (const game of GAME_IDS) {
      const { result } = casesOf(code)[0];
      const words = gameResultInWords(game, { ...result, reason: NO_WORDS }, { count: 2 });
      assertWorded(assert, words, `${game} ${code}`, 'en');
    }
  }
});

test('a result without a code (an old record) shows its reason as it is', () => {
  const old = { winners: [0], draw: false, reason: 'Bob resigned', by: 'resign' };
  assert.equal(gameResultInWords('kvadratura', old, { players: ['Ann', 'Bob'] }), 'Bob resigned');
  assert.equal(gameResultInWords('quadrature', { winners: [], draw: true, reason: '' }), '');
  assert.equal(gameResultInWords('quadrature', { winners: [0] }), '');
  assert.equal(gameResultInWords('quadrature', null), '');
  // A code this client does not know yet shows the reason too.
  const newer = { winners: [0], code: 'checkmate', figures: { seat: 0 }, reason: 'mate' };
  assert.equal(gameResultInWords('quadrature', newer), 'mate');
  // Another game's code is not this game's.
  const square = { code: 'completed', figures: { seat: 0, squares: 1 }, reason: 'as sent' };
  assert.equal(gameResultInWords('quadrature', square), 'as sent');
});

test("a seat is named by the caller's seat names, its holder by name in words", () => {
  const names = {
    gameResults: KVADRATURA,
    seatName: (seat) => ['Light', 'Dark'][seat],
    playerName: (seat) => ['Computer (easy)', null][seat],
  };
  const resigned = { code: 'resigned', figures: { seat: 0 }, reason: 'x' };
  assert.equal(resultInWords(resigned, names), 'Computer (easy) resigned');
  const timeout = { code: 'timeout', figures: { seat: 1 }, reason: 'x' };
  assert.equal(resultInWords(timeout, names), 'Dark ran out of time');
  const completed = { code: 'completed', figures: { seat: 1, squares: 3 }, reason: 'x' };
  assert.equal(resultInWords(completed, names), 'Dark completed 3 squares');
  // Without seat names for the count of seats, a seat is numbered.
  const left = { code: 'last_left', figures: { seat: 2 }, reason: 'x' };
  assert.equal(gameResultInWords('kvadrat', left, { count: 3 }), 'Seat 3 is the last player left');
  assert.equal(gameResultInWords('kvadrat', left, { count: 4 }), 'Red is the last player left');
});

test("a moderator's ending has no result, and is no draw nor a win", () => {
  const closed = casesOf('closed')[0].result;
  const aborted = casesOf('aborted')[0].result;
  assert.equal(noResultEnding(closed), 'closed');
  assert.equal(noResultEnding(aborted), 'aborted');
  // Protocol 2's expanded result (compact_snapshot.js): no `draw`, no `reason`.
  const expanded = { status: 'finished', winners: [], by: 'closed', code: 'aborted', figures: {} };
  assert.equal(noResultEnding(expanded), 'aborted');
  // A kind `closed` whose code this client does not know yet is still no result.
  assert.equal(
    noResultEnding({ winners: [], by: 'closed', code: 'banned', reason: 'x' }),
    'closed',
  );
  // Every other ending has a result: a win, an agreed draw, a draw by the rules, an old record.
  for (const { result } of RESULT_CASES.filter(
    (c) => !['closed', 'aborted'].includes(c.result.code),
  )) {
    assert.equal(noResultEnding(result), null, result.code);
  }
  const drawn = {
    winners: [],
    draw: true,
    code: 'full_each',
    figures: { squares: 1 },
    by: 'rules',
  };
  assert.equal(noResultEnding(drawn), null);
  assert.equal(noResultEnding({ winners: [], draw: true, reason: 'an old draw' }), null);
  assert.equal(noResultEnding({ winners: [0], by: 'resign', code: 'resigned' }), null);
  assert.equal(noResultEnding(null), null);
  assert.equal(noResultEnding(undefined), null);
});
