// Every reason an illegal_move error can carry (the rules' codes, per game), each with a concrete
// error and its exact words in every language: shared by illegal_words.test.js (English) and
// illegal_words_ru.test.js (Russian). Not a test file itself.

// The reason codes of each game's refusals, as the protocol lists them.
export const REASONS = {
  quadrature: [
    'game_over',
    'not_a_move',
    'not_a_cell',
    'no_man',
    'not_yours',
    'backward',
    'not_a_step',
    'occupied',
    'suicide',
    'marker',
    'pass_not_allowed',
  ],
  kvadrat: [
    'game_over',
    'not_a_cell',
    'occupied',
    'no_pieces',
    'must_pass',
    'first_far',
    'no_path',
    'pass_not_allowed',
  ],
  kvadratura: ['game_over', 'not_a_cell', 'occupied', 'pass_not_allowed'],
  quadwrangle: [
    'game_over',
    'not_a_request',
    'bad_positions',
    'already_rolled',
    'roll_first',
    'no_rolls_left',
    'play_unavailable',
    'pass_not_allowed',
    'refused',
  ],
};

// Every code once, whatever the game.
export const ALL_REASONS = [...new Set(Object.values(REASONS).flat())].sort();

// What an error shows when its reason has no words: its message (the old words). The walk over
// every code sends this as the message, so a code without words shows it and fails.
export const NO_WORDS = 'NO WORDS FOR THIS REASON';

// An illegal_move error as the server sends it.
export function illegal(reason, details, message = NO_WORDS) {
  return { type: 'error', code: 'illegal_move', reason, details, message, room: 'K7QM3X' };
}

// A request of each game that the walk over every code sends.
const SAMPLE_REQUESTS = {
  quadrature: 'e7-e8',
  kvadrat: 'h3',
  kvadratura: 'c3',
  quadwrangle: 'play lanes',
};

// Game `game`'s refusal `reason` with plausible details.
export function sampleError(game, reason) {
  const details = { request: SAMPLE_REQUESTS[game] };
  if (reason === 'suicide') details.rectangle = ['b8', 'b10', 'e10'];
  return illegal(reason, details);
}

// game: the game refusing; error: as the server sends it; en, ru: its exact words.
export const ILLEGAL_CASES = [
  // Quadrature.
  {
    game: 'quadrature',
    error: illegal('game_over', { request: 'e3-e4' }, 'the game is over'),
    en: 'The game is over.',
    ru: 'Игра окончена.',
  },
  {
    game: 'quadrature',
    error: illegal('not_a_move', { request: 'e3e4' }, "expected 'from-to', e.g. e3-e4"),
    en: 'e3e4: not a move. Name two cells, like e3-e4.',
    ru: 'e3e4: это не ход. Назовите две клетки, например e3-e4.',
  },
  {
    game: 'quadrature',
    error: illegal('not_a_cell', { request: 'e3-z4' }, 'z4 is not a cell'),
    en: 'e3-z4: there is no such cell on the board.',
    ru: 'e3-z4: такой клетки на доске нет.',
  },
  {
    game: 'quadrature',
    error: illegal('no_man', { request: 'e5-e6' }, 'no man on e5'),
    en: 'e5-e6: there is no man on e5.',
    ru: 'e5-e6: на e5 нет шашки.',
  },
  {
    game: 'quadrature',
    error: illegal('not_yours', { request: 'e9-e8' }, "e9 is not the mover's man"),
    en: 'e9-e8: the man on e9 is not yours.',
    ru: 'e9-e8: на e9 стоит шашка соперника.',
  },
  {
    game: 'quadrature',
    error: illegal('backward', { request: 'e3-e2' }, 'men never move backward'),
    en: 'e3-e2: men never step backward.',
    ru: 'e3-e2: шашки никогда не ходят назад.',
  },
  {
    game: 'quadrature',
    error: illegal('not_a_step', { request: 'e3-e5' }, 'e3-e5 is not a step'),
    en: 'e3-e5: a man steps one cell forward, diagonally forward or sideways.',
    ru: 'e3-e5: шашка ходит на одну клетку вперёд, вперёд по диагонали или в сторону.',
  },
  {
    game: 'quadrature',
    error: illegal('occupied', { request: 'b2-b3' }, 'b3 is occupied'),
    en: 'b2-b3: that cell is occupied.',
    ru: 'b2-b3: эта клетка занята.',
  },
  {
    game: 'quadrature',
    error: illegal(
      'suicide',
      { request: 'e7-e8', rectangle: ['b8', 'b10', 'e10'] },
      'e8 is squared by the enemy men on b8, b10, e10',
    ),
    en: 'e7-e8: a man on e8 would complete a rectangle with the enemy men on b8, b10 and e10.',
    ru: 'e7-e8: шашка на e8 замкнёт прямоугольник с шашками соперника на b8, b10 и e10.',
  },
  {
    game: 'quadrature',
    error: illegal('marker', { request: 'd4-e4' }, 'a third quiet sideways move is illegal'),
    en: 'd4-e4: a third quiet sideways move in a row is not allowed.',
    ru: 'd4-e4: третий тихий ход в сторону подряд делать нельзя.',
  },
  {
    game: 'quadrature',
    error: illegal('pass_not_allowed', { request: 'pass' }, 'a move exists'),
    en: 'You cannot pass while you have a move.',
    ru: 'Пропускать ход нельзя, пока можно сходить.',
  },
  // Kvadrat.
  {
    game: 'kvadrat',
    error: illegal('game_over', { request: 'h3' }, 'the game is over'),
    en: 'The game is over.',
    ru: 'Игра окончена.',
  },
  {
    game: 'kvadrat',
    error: illegal('not_a_cell', { request: 'p3' }, 'p3 is not a cell'),
    en: 'p3: there is no such cell on the board.',
    ru: 'p3: такой клетки на доске нет.',
  },
  {
    game: 'kvadrat',
    error: illegal('occupied', { request: 'h3' }, 'h3 is occupied'),
    en: 'h3: that cell is occupied.',
    ru: 'h3: эта клетка занята.',
  },
  {
    game: 'kvadrat',
    error: illegal('no_pieces', { request: 'h3' }, 'no pieces left: pass'),
    en: 'You have placed all your pieces: you must pass.',
    ru: 'Все ваши фишки уже на поле — остаётся только пропустить ход.',
  },
  {
    game: 'kvadrat',
    error: illegal('must_pass', { request: 'h3' }, 'no placement: pass'),
    en: 'There is nowhere to place a piece: you must pass.',
    ru: 'Фишку некуда поставить — остаётся только пропустить ход.',
  },
  {
    game: 'kvadrat',
    error: illegal('first_far', { request: 'h9' }, 'h9 is too far from the edge'),
    en: 'h9: your first piece must land within five rows of your edge.',
    ru: 'h9: первая фишка должна встать в пределах пяти рядов от вашей кромки.',
  },
  {
    game: 'kvadrat',
    error: illegal('no_path', { request: 'h6' }, 'no path reaches h6'),
    en: 'h6: no path of the allowed length over empty cells reaches that cell.',
    ru: 'h6: сюда не ведёт ни один путь допустимой длины по свободным клеткам.',
  },
  {
    game: 'kvadrat',
    error: illegal('pass_not_allowed', { request: 'pass' }, 'a placement exists'),
    en: 'You cannot pass while you have a move.',
    ru: 'Пропускать ход нельзя, пока можно сходить.',
  },
  // Kvadratura.
  {
    game: 'kvadratura',
    error: illegal('game_over', { request: 'c3' }, 'the game is over'),
    en: 'The game is over.',
    ru: 'Игра окончена.',
  },
  {
    game: 'kvadratura',
    error: illegal('not_a_cell', { request: 'i9' }, 'i9 is not a cell'),
    en: 'i9: there is no such cell on the board.',
    ru: 'i9: такой клетки на доске нет.',
  },
  {
    game: 'kvadratura',
    error: illegal('occupied', { request: 'c3' }, 'c3 is occupied'),
    en: 'c3: that cell is occupied.',
    ru: 'c3: эта клетка занята.',
  },
  {
    game: 'kvadratura',
    error: illegal('pass_not_allowed', { request: 'pass' }, 'an empty cell exists'),
    en: 'You cannot pass while you have a move.',
    ru: 'Пропускать ход нельзя, пока можно сходить.',
  },
  // Quadwrangle.
  {
    game: 'quadwrangle',
    error: illegal('game_over', { request: 'roll' }, 'the game is over'),
    en: 'The game is over.',
    ru: 'Игра окончена.',
  },
  {
    game: 'quadwrangle',
    error: illegal('not_a_request', { request: 'jump' }, "unknown token 'jump'"),
    en: 'jump: this game has no such request.',
    ru: 'jump: в этой игре нет такого действия.',
  },
  {
    game: 'quadwrangle',
    error: illegal(
      'bad_positions',
      { request: 'reroll 3 1' },
      'list die positions in ascending order without repeats',
    ),
    en: 'reroll 3 1: name the dice to re-roll by their positions, 1 to 5, ascending and each once.',
    ru: 'reroll 3 1: назовите позиции перебрасываемых костей от 1 до 5 — по возрастанию и без повторов.',
  },
  {
    game: 'quadwrangle',
    error: illegal('already_rolled', { request: 'roll' }, 'the dice are already rolled'),
    en: 'The dice are already rolled this turn: re-roll some of them instead.',
    ru: 'Кости в этот ход уже брошены: перебросьте часть из них.',
  },
  {
    game: 'quadwrangle',
    error: illegal('roll_first', { request: 'reroll 1 3' }, 'roll all five dice first'),
    en: 'Roll the dice first.',
    ru: 'Сначала бросьте кости.',
  },
  {
    game: 'quadwrangle',
    error: illegal('no_rolls_left', { request: 'reroll 2' }, 'no rolls left'),
    en: 'No rolls left: a turn has at most three rolls.',
    ru: 'Бросков больше нет: за ход кости бросают не больше трёх раз.',
  },
  {
    game: 'quadwrangle',
    error: illegal('play_unavailable', { request: 'play run' }, "'play run' needs a run"),
    en: 'The dice do not allow “Run”.',
    ru: 'Кости не дают хода «Стрит».',
  },
  {
    // The play by the name its button has.
    game: 'quadwrangle',
    error: illegal('play_unavailable', { request: 'play high' }, "'play high' needs 23 or more"),
    en: 'The dice do not allow “High”.',
    ru: 'Кости не дают хода «Много».',
  },
  {
    game: 'quadwrangle',
    error: illegal('pass_not_allowed', { request: 'pass' }, 'a play is available'),
    en: 'You cannot pass while you have a move.',
    ru: 'Пропускать ход нельзя, пока можно сходить.',
  },
  {
    game: 'quadwrangle',
    error: illegal('refused', { request: 'play lanes' }, 'refused'),
    en: 'play lanes: the rules do not allow that.',
    ru: 'play lanes: по правилам так нельзя.',
  },
];

// Checks that `words` (a reason's error in words in `lang`) are words, not a fallback or a key.
export function assertWorded(assert, words, reason, lang) {
  const where = `${reason} in ${lang}: ${JSON.stringify(words)}`;
  assert.equal(typeof words, 'string', where);
  assert.ok(words.trim(), where);
  assert.ok(!words.includes(NO_WORDS), `the old words: ${where}`);
  assert.ok(!words.includes('errors.'), `a missing catalogue key: ${where}`);
  assert.ok(!/[{}]/.test(words), `an unfilled placeholder: ${where}`);
  assert.ok(!words.includes('undefined') && !words.includes('null'), `a missing detail: ${where}`);
}
