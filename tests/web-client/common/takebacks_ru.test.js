// Takebacks by consent in Russian (in_russian.js, first, sets the language): the life panel's
// lines and buttons, the outcomes and the refusals. The English: takebacks.test.js.

import './in_russian.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { language, t } = await import('../../../web-client/i18n/index.js');
const { lifeChoices } = await import('../../../web-client/common/room_state.js');
const { takebackEnd, takebackEndWords } = await import('../../../web-client/common/takebacks.js');
const { errorInWords } = await import('../../../web-client/common/server_words.js');

const ANN = { name: 'Аня', connected: true };
const BOB = { name: 'Борис', connected: true };

function snapshot(extra = {}, state = {}) {
  return {
    type: 'snapshot',
    room: 'K7QM3X',
    version: 1,
    status: 'playing',
    seats: [ANN, BOB],
    last_move: 'a1',
    forced_passes: 0,
    draw_offer: null,
    result: null,
    state: { game: 'kvadratura', status: 'ongoing', to_move: 1, legal: ['b2'], ...state },
    ...extra,
  };
}

const player = (seat) => ({ as: 'player', seat });
const labels = (choices) => choices.buttons.map((b) => b.label);
const ANN_MOVED = { allowed: true, lastMover: 0 };

test('the client speaks Russian in this file', () => {
  assert.equal(language, 'ru');
});

test('the asker, the answerer and a standing request in Russian', () => {
  assert.deepEqual(labels(lifeChoices(snapshot(), player(0), false, ANN_MOVED)), [
    'Сдаться',
    'Предложить ничью',
    'Вернуть ход',
  ]);
  const asked = snapshot({ takeback: 0 });
  const own = lifeChoices(asked, player(0), false, ANN_MOVED);
  assert.equal(own.offer, 'Вы попросили вернуть ход; ждём ответа игрока Борис.');
  const answer = lifeChoices(asked, player(1), false, ANN_MOVED);
  assert.equal(answer.offer, 'Аня просит вернуть свой последний ход.');
  assert.deepEqual(labels(answer).slice(2), ['Разрешить вернуть ход', 'Отклонить']);
  assert.equal(answer.buttons[3].name, 'Отклонить возврат хода');
});

test('the outcomes in Russian', () => {
  const asked = snapshot({ version: 3, takeback: 0 });
  const undone = snapshot({ version: 2 }, { to_move: 0 });
  const accepted = takebackEnd(asked, undone);
  assert.equal(
    takebackEndWords(accepted, undone, 0),
    'Возврат хода принят (Борис): снова ваш ход.',
  );
  assert.equal(
    takebackEndWords(accepted, undone, 1),
    'Возврат хода принят: последний ход игрока Аня отменён.',
  );
  const kept = snapshot({ version: 3 });
  assert.equal(
    takebackEndWords(takebackEnd(asked, kept), kept, 0),
    'Возврат хода отклонён (Борис): ваш ход остаётся на доске.',
  );
  const moved = snapshot({ version: 4 }, { to_move: 0 });
  assert.equal(
    takebackEndWords(takebackEnd(asked, moved), moved, 0),
    'Ваша просьба вернуть ход снята: Борис сделал(а) ход.',
  );
});

test('refusals and the lobby in Russian', () => {
  assert.equal(
    errorInWords({ code: 'no_takeback', message: 'nothing' }),
    'Возвращать нечего: вы ещё не ходили, или после вашего хода уже сходил другой игрок.',
  );
  assert.equal(
    errorInWords({ code: 'no_takeback_request', message: 'none' }),
    'Нет просьбы вернуть ход, на которую вы могли бы ответить.',
  );
  assert.equal(
    errorInWords({ code: 'not_allowed', message: 'no' }, 'takeback'),
    'В этой комнате нельзя вернуть ход, или ваша просьба уже ждёт ответа.',
  );
  assert.equal(t('takeback.lobby.allow'), 'Разрешить возврат ходов');
  assert.equal(t('takeback.lobby.badge'), 'Возврат ходов');
});
