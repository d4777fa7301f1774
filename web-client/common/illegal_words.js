// An `illegal_move` error that the rules refused, in the client's language from its `reason` (a
// stable code) and `details` ({request: the token sent, …}), never from the server's English
// `message`. The words are `errors.illegal.<reason>`; they do not depend on the game, so they
// need no room. No DOM, so it runs under Node in tests.

import { t } from '../i18n/index.js';
import { textsIn } from '../games/common/texts.js';
import { TEXTS as QUADWRANGLE_TEXTS } from '../games/quadwrangle/words.js';

// The token the player sent, or null when the details lack it.
function requestOf(details) {
  return typeof details.request === 'string' && details.request ? details.request : null;
}

// A Quadrature step ("e3-e4") as its two cells, or null.
function stepOf(details) {
  const request = requestOf(details);
  const dash = request ? request.indexOf('-') : -1;
  if (dash <= 0 || dash === request.length - 1) return null;
  return { request, from: request.slice(0, dash), to: request.slice(dash + 1) };
}

// Cells as a list in words: "b8, b10 and e10".
function cellList(cells) {
  if (cells.length < 2) return cells.join('');
  return `${cells.slice(0, -1).join(', ')}${t('screenReader.and')}${cells[cells.length - 1]}`;
}

// A Quadwrangle play ("play lanes", or "lanes") by its name on the board ("Lanes"), else as sent.
function playName(request) {
  const token = request.startsWith('play ') ? request : `play ${request}`;
  const plays = textsIn(QUADWRANGLE_TEXTS).board.plays;
  return Object.prototype.hasOwnProperty.call(plays, token) ? plays[token] : request;
}

const none = () => ({});
const withRequest = (details) => {
  const request = requestOf(details);
  return request && { request };
};
const withFrom = (details) => {
  const step = stepOf(details);
  return step && { request: step.request, from: step.from };
};

// Reason code → (details) → the placeholders of its words, or null when the details lack what
// the words need (the error is then worded as before). Every game's codes: Quadrature's,
// Kvadrat's, Kvadratura's and Quadwrangle's (each game's rules header lists its own), and
// `refused`, any game's refusal without a code of its own.
export const ILLEGAL_REASONS = {
  game_over: none,
  not_a_move: withRequest,
  not_a_cell: withRequest,
  no_man: withFrom,
  not_yours: withFrom,
  backward: withRequest,
  not_a_step: withRequest,
  occupied: withRequest,
  suicide: (details) => {
    const step = stepOf(details);
    const cells = details.rectangle;
    if (!step || !Array.isArray(cells) || !cells.length) return null;
    if (!cells.every((cell) => typeof cell === 'string' && cell)) return null;
    return { request: step.request, to: step.to, cells: cellList(cells) };
  },
  marker: withRequest,
  pass_not_allowed: none,
  no_pieces: none,
  must_pass: none,
  first_far: withRequest,
  no_path: withRequest,
  not_a_request: withRequest,
  bad_positions: withRequest,
  already_rolled: none,
  roll_first: none,
  no_rolls_left: none,
  play_unavailable: (details) => {
    const request = requestOf(details);
    return request && { play: playName(request) };
  },
  refused: withRequest,
};

// `error` (an illegal_move error message, or the RequestError a refused request rejects with) in
// words from its reason and details; null when it has no reason, a reason this client does not
// know, or details without what the words need, so that the caller words it as before.
export function illegalInWords(error) {
  if (!error || error.code !== 'illegal_move' || typeof error.reason !== 'string') return null;
  if (!Object.prototype.hasOwnProperty.call(ILLEGAL_REASONS, error.reason)) return null;
  const details =
    error.details && typeof error.details === 'object' && !Array.isArray(error.details)
      ? error.details
      : {};
  const params = ILLEGAL_REASONS[error.reason](details);
  return params ? t(`errors.illegal.${error.reason}`, params) : null;
}
