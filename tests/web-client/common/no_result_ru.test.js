// A game a moderator closed or aborted (PROTOCOL.md "close_room") in Russian (in_russian.js,
// first, sets the language): its result's words, "your games" and the screen reader's line say
// there is no result, never a draw. The English: result_words.test.js, your_games.test.js,
// reader_text.test.js.

import './in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language } = await import('../../../web-client/i18n/index.js');
const { gameResultInWords, turnLineOf } = await import('../../../web-client/games/index.js');
const { yourGamesRows } = await import('../../../web-client/lobby/your_games.js');

// A stored game's result, as `GET /api/games/{id}` and `my_games` carry it.
const closedBy = (code) => ({ winners: [], draw: false, code, figures: {}, by: 'closed' });

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test("a moderator's endings in Russian words", () => {
  const players = ['Ann', 'Bob'];
  assert.equal(
    gameResultInWords('kvadratura', closedBy('closed'), { players }),
    'партия закрыта модератором: без результата',
  );
  assert.equal(
    gameResultInWords('quadrature', closedBy('aborted'), { players }),
    'партия отменена модератором',
  );
});

test('"your games" and the screen reader say there is no result, not a draw', () => {
  const finished = ['closed', 'aborted'].map((code, i) => ({
    id: `g${i}`,
    room: `ROOM${i}`,
    game: 'kvadratura',
    players: ['Ann', 'Bob'],
    result: closedBy(code),
    finished_at: 1764470000000 + i,
  }));
  const rows = yourGamesRows({ running: [], finished }, (id) => id);
  assert.deepEqual(
    rows.finished.map((row) => row.outcome),
    ['Без результата', 'Отменена'],
  );
  const state = (code) => ({
    game: 'kvadratura',
    status: 'finished',
    to_move: -1,
    legal: [],
    seats: ['White', 'Black'],
    result: { status: 'finished', winners: [], by: 'closed', code, figures: {} },
  });
  assert.equal(
    turnLineOf(state('closed')),
    'Партия окончена: без результата (партия закрыта модератором: без результата).',
  );
  assert.equal(
    turnLineOf(state('aborted')),
    'Партия окончена: без результата (партия отменена модератором).',
  );
});
