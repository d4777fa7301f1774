// web-client/room/reader_text.js: the screen-reader mode's typed moves, legal moves in words and the
// live region's announcements, without a DOM.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  announce,
  checkTypedMove,
  legalMoveLabel,
  normaliseMove,
} from '../../../web-client/room/reader_text.js';

function snapshot(state, extra = {}) {
  return {
    room: 'ROOM1',
    version: 4,
    status: 'playing',
    seats: [
      { name: 'Ann', connected: true },
      { name: 'Bob', connected: true },
    ],
    last_move: null,
    forced_passes: 0,
    result: null,
    state: { status: 'ongoing', result: null, seats: ['White', 'Black'], ...state },
    ...extra,
  };
}

test('typed moves are put in the notation form', () => {
  assert.equal(normaliseMove('  E3 – e4 '), 'e3-e4');
  assert.equal(normaliseMove('e3 to e4'), 'e3-e4');
  assert.equal(normaliseMove('reroll 5 2 2'), 'reroll 2 5');
  assert.equal(normaliseMove('Play   Lanes'), 'play lanes');
  assert.equal(normaliseMove('H7'), 'h7');
});

test('a typed move is sent only when it is legal and the viewer is to move', () => {
  const now = snapshot({ game: 'kvadratura', to_move: 0, legal: ['a1', 'b2'] });
  assert.deepEqual(checkTypedMove(now, 0, ' B2 '), { token: 'b2' });
  assert.deepEqual(checkTypedMove(now, 0, 'c3'), {
    error: '“c3” is not a legal move now. The list holds every legal move.',
  });
  assert.deepEqual(checkTypedMove(now, 0, ''), { error: 'Type a move first.' });
  assert.deepEqual(checkTypedMove(now, 1, 'a1'), {
    error: 'It is not your turn: White (Ann) is to move.',
  });
  assert.deepEqual(checkTypedMove(now, null, 'a1'), {
    error: 'You are watching: only the players can move.',
  });
  assert.deepEqual(checkTypedMove(now, 0, 'a1', true), {
    error: 'You are offline: the move cannot be sent.',
  });
  const over = snapshot({ game: 'kvadratura', to_move: -1, legal: [] }, { status: 'finished' });
  assert.match(checkTypedMove(over, 0, 'a1').error, /not being played/);
});

// Quadrature's steps in words come from the rules' explanations: tests/wasm/explain.test.js.
test('legal moves in words: Quadwrangle re-rolls and plays', () => {
  const quadwrangle = {
    game: 'quadwrangle',
    to_move: 0,
    board: {
      dice: [6, 6, 6, 5, 5],
      plays: [{ token: 'play high', moves: [{ lane: 'high', steps: 3, to: -3 }] }],
    },
  };
  assert.equal(legalMoveLabel(quadwrangle, 'roll'), 'Roll the dice');
  assert.equal(legalMoveLabel(quadwrangle, 'reroll 1 4'), 'Re-roll dice 1 4 (showing 6 5)');
  assert.equal(legalMoveLabel(quadwrangle, 'play high'), 'High: High lane +3');
  assert.equal(legalMoveLabel(quadwrangle, 'pass'), 'Pass');
  assert.equal(legalMoveLabel({ game: 'kvadrat' }, 'h7'), 'h7');
});

test('the live region: the move by whom, the dice, the turn coming back, the end', () => {
  const before = snapshot({ game: 'kvadratura', to_move: 0, legal: ['a1'] }, { version: 4 });
  const after = snapshot(
    { game: 'kvadratura', to_move: 1, legal: ['b1'] },
    { version: 5, last_move: 'a1' },
  );
  assert.equal(announce(before, after, 1), 'White (Ann): a1. Your turn.');
  assert.equal(announce(before, after, 0), 'White (Ann): a1.');
  assert.equal(announce(null, after, 1), '');
  const rolled = snapshot(
    { game: 'quadwrangle', seats: ['Player 1', 'Player 2'], to_move: 0, legal: [] },
    { version: 5, last_move: 'roll=36625' },
  );
  const toRoll = snapshot(
    { game: 'quadwrangle', seats: ['Player 1', 'Player 2'], to_move: 0, legal: ['roll'] },
    { version: 4 },
  );
  assert.equal(announce(toRoll, rolled, 0), 'Player 1 (Ann) rolled 3 6 6 2 5.');
  const won = snapshot(
    { game: 'kvadratura', to_move: -1, legal: [], status: 'finished' },
    {
      version: 6,
      last_move: 'b1',
      status: 'finished',
      result: {
        winners: [0],
        draw: false,
        code: 'completed',
        figures: { seat: 1, squares: 1 },
        reason: 'Black completed a square',
      },
    },
  );
  assert.equal(
    announce(after, won, 0),
    'Black (Bob): b1. Game over: White (Ann) wins (Black completed a square).',
  );
});

test('the live region: a room a moderator closed has no result, and no draw', () => {
  const before = snapshot({ game: 'kvadratura', to_move: 1, legal: ['b1'] }, { version: 5 });
  // As protocol 2's snapshot expands (compact_snapshot.js): no `draw`, no English reason.
  const closed = (code) =>
    snapshot(
      { game: 'kvadratura', to_move: -1, legal: [], status: 'finished' },
      {
        version: 6,
        status: 'finished',
        result: { status: 'finished', winners: [], by: 'closed', code, figures: {} },
      },
    );
  assert.equal(
    announce(before, closed('closed'), 0),
    'Game over: no result (closed by a moderator: no result).',
  );
  assert.equal(
    announce(before, closed('aborted'), 1),
    'Game over: no result (aborted by a moderator).',
  );
});
