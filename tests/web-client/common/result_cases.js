// Every result code the client words (docs/rules.md §8, server/rooms/room_result.cpp), each with a
// concrete result and its exact words in every language: shared by result_words.test.js
// (English) and result_words_ru.test.js (Russian). Not a test file itself.

// game: the game the result is from (the room's codes are any game's); players: the names by
// seat as a snapshot or a record gives them; result: as the server sends it.
export const RESULT_CASES = [
  {
    game: 'kvadratura',
    players: ['Ann', 'Bob'],
    result: { code: 'resigned', figures: { seat: 1 }, reason: 'Bob resigned', by: 'resign' },
    en: 'Bob resigned',
    ru: 'Bob сдаёт партию',
  },
  {
    game: 'quadrature',
    players: ['Ann', 'Computer (hard)'],
    result: {
      code: 'timeout',
      figures: { seat: 1 },
      reason: 'Computer (hard) ran out of time',
      by: 'timeout',
    },
    en: 'Computer (hard) ran out of time',
    ru: 'Компьютер (сильный): время истекло',
  },
  {
    // A record whose seat is empty: the seat's colour stands for the name.
    game: 'kvadrat',
    players: ['Ann', null, 'Cy', 'Dee'],
    result: { code: 'timeout', figures: { seat: 1 }, reason: 'Bea ran out of time', by: 'timeout' },
    en: 'White ran out of time',
    ru: 'Белые: время истекло',
  },
  {
    game: 'quadwrangle',
    players: ['Ann', 'Bob'],
    result: { code: 'claimed', figures: { seat: 0 }, reason: 'win claimed: Ann left', by: 'claim' },
    en: 'win claimed: Ann left',
    ru: 'победа присуждена: Ann покинул(а) игру',
  },
  {
    game: 'kvadratura',
    players: ['Ann', 'Bob'],
    result: { code: 'draw_agreed', figures: {}, reason: 'draw agreed', by: 'draw' },
    en: 'draw agreed',
    ru: 'ничья по соглашению',
  },
  {
    game: 'kvadrat',
    players: ['Ann', 'Bob', 'Cy', 'Guest 17'],
    result: {
      code: 'last_left',
      figures: { seat: 3 },
      reason: 'Guest 17 is the last player left',
      by: 'retired',
    },
    en: 'Guest 17 is the last player left',
    ru: 'Гость 17 остаётся последним игроком',
  },
  {
    // A moderator closed the room (close_room, ending no_result): no winner, yet no draw.
    game: 'kvadratura',
    players: ['Ann', 'Bob'],
    result: {
      winners: [],
      draw: false,
      code: 'closed',
      figures: {},
      reason: 'closed by a moderator: no result',
      by: 'closed',
    },
    en: 'closed by a moderator: no result',
    ru: 'партия закрыта модератором: без результата',
  },
  {
    // A moderator aborted a game of few moves (close_room, ending aborted).
    game: 'quadrature',
    players: ['Ann', 'Bob'],
    result: {
      winners: [],
      draw: false,
      code: 'aborted',
      figures: {},
      reason: 'aborted by a moderator',
      by: 'closed',
    },
    en: 'aborted by a moderator',
    ru: 'партия отменена модератором',
  },
  {
    game: 'quadrature',
    result: {
      code: 'reduced',
      figures: { seat: 0, men: 1 },
      reason: 'Black reduced White to 1 man',
    },
    en: 'Black reduced White to 1 man',
    ru: 'Чёрные: у соперника (Белые) осталась 1 шашка',
  },
  {
    game: 'quadrature',
    result: {
      code: 'reduced',
      figures: { seat: 1, men: 2 },
      reason: 'White reduced Black to 2 men',
    },
    en: 'White reduced Black to 2 men',
    ru: 'Белые: у соперника (Чёрные) осталось 2 шашки',
  },
  {
    game: 'quadrature',
    result: {
      code: 'reduced',
      figures: { seat: 1, men: 5 },
      reason: 'White reduced Black to 5 men',
    },
    en: 'White reduced Black to 5 men',
    ru: 'Белые: у соперника (Чёрные) осталось 5 шашек',
  },
  {
    game: 'quadrature',
    result: { code: 'goal', figures: { seat: 0 }, reason: 'Black filled its goal e11 f11 g11' },
    en: 'Black filled its goal e11 f11 g11',
    ru: 'Чёрные: цель e11 f11 g11 занята',
  },
  {
    game: 'quadrature',
    result: { code: 'goal', figures: { seat: 1 }, reason: 'White filled its goal e1 f1 g1' },
    en: 'White filled its goal e1 f1 g1',
    ru: 'Белые: цель e1 f1 g1 занята',
  },
  {
    game: 'quadrature',
    result: { code: 'no_moves', figures: {}, reason: 'neither side can move' },
    en: 'neither side can move',
    ru: 'ни одна сторона не может ходить',
  },
  {
    game: 'quadrature',
    result: { code: 'repetition', figures: {}, reason: 'the same position occurred a third time' },
    en: 'the same position occurred a third time',
    ru: 'позиция повторилась в третий раз',
  },
  {
    game: 'quadwrangle',
    result: {
      code: 'counters',
      figures: { seat: 0, counters: 4 },
      reason: 'Player 1 has 4 counters on its red square',
    },
    en: 'Player 1 has 4 counters on its red square',
    ru: 'Игрок 1: 4 фишки на своих красных клетках',
  },
  {
    game: 'quadwrangle',
    result: {
      code: 'counters',
      figures: { seat: 1, counters: 5 },
      reason: 'Player 2 has 5 counters on its red square',
    },
    en: 'Player 2 has 5 counters on its red square',
    ru: 'Игрок 2: 5 фишек на своих красных клетках',
  },
  {
    game: 'kvadrat',
    result: { code: 'settled', figures: {}, reason: 'every square is settled' },
    en: 'every square is settled',
    ru: 'все квадраты определены',
  },
  {
    game: 'kvadrat',
    result: { code: 'no_placement', figures: {}, reason: 'no player can place a piece' },
    en: 'no player can place a piece',
    ru: 'никто не может поставить фишку',
  },
  {
    game: 'kvadratura',
    result: {
      code: 'completed',
      figures: { seat: 0, squares: 1 },
      reason: 'White completed a square',
    },
    en: 'White completed a square',
    ru: 'Белые: построен квадрат',
  },
  {
    game: 'kvadratura',
    result: {
      code: 'completed',
      figures: { seat: 1, squares: 2 },
      reason: 'Black completed 2 squares',
    },
    en: 'Black completed 2 squares',
    ru: 'Чёрные: построено 2 квадрата',
  },
  {
    game: 'kvadratura',
    result: {
      code: 'completed',
      figures: { seat: 1, squares: 5 },
      reason: 'Black completed 5 squares',
    },
    en: 'Black completed 5 squares',
    ru: 'Чёрные: построено 5 квадратов',
  },
  {
    game: 'kvadratura',
    result: {
      code: 'full_no_square',
      figures: {},
      reason: 'board full without a one-colour square',
    },
    en: 'board full without a one-colour square',
    ru: 'поле заполнено, одноцветных квадратов нет',
  },
  {
    game: 'kvadratura',
    result: { code: 'full_each', figures: { squares: 1 }, reason: 'board full, 1 square each' },
    en: 'board full, 1 square each',
    ru: 'поле заполнено, у каждого по 1 квадрату',
  },
  {
    game: 'kvadratura',
    result: { code: 'full_each', figures: { squares: 2 }, reason: 'board full, 2 squares each' },
    en: 'board full, 2 squares each',
    ru: 'поле заполнено, у каждого по 2 квадрата',
  },
  {
    // Fewer squares win (rules/kvadratura.cpp).
    game: 'kvadratura',
    result: {
      code: 'wins_by',
      figures: { seat: 0, squares: 2, white: 1, black: 3 },
      reason: 'White wins by 2 squares (White 1, Black 3)',
    },
    en: 'White wins by 2 squares (White 1, Black 3)',
    ru: 'победа: Белые, на 2 квадрата меньше (Белые — 1, Чёрные — 3)',
  },
  {
    game: 'kvadratura',
    result: {
      code: 'wins_by',
      figures: { seat: 1, squares: 1, white: 4, black: 3 },
      reason: 'Black wins by 1 square (White 4, Black 3)',
    },
    en: 'Black wins by 1 square (White 4, Black 3)',
    ru: 'победа: Чёрные, на 1 квадрат меньше (Белые — 4, Чёрные — 3)',
  },
];

// The codes a room decides, any game's (server/rooms/room_result.cpp).
export const ROOM_CODES = [
  'resigned',
  'timeout',
  'claimed',
  'draw_agreed',
  'last_left',
  'closed',
  'aborted',
];

// What a result shows when its code has no words: the reason. The walk over every code sends
// this as the reason, so a code without words shows it and fails.
export const NO_WORDS = 'NO WORDS FOR THIS CODE';

// Checks that `words` (a code's result in words in `lang`) are words, not a fallback or a key.
export function assertWorded(assert, words, code, lang) {
  const where = `${code} in ${lang}: ${JSON.stringify(words)}`;
  assert.equal(typeof words, 'string', where);
  assert.ok(words.trim(), where);
  assert.notEqual(words, NO_WORDS, where);
  assert.ok(!words.includes('results.'), `a missing catalogue key: ${where}`);
  assert.ok(!/[{}]/.test(words), `an unfilled placeholder: ${where}`);
  assert.ok(!words.includes('undefined') && !words.includes('NaN'), `a missing figure: ${where}`);
}
