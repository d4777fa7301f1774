// What every game's describer shares: seat names, cell lists in reading order, the turn line.
// No DOM: the describers run under Node in tests/web-client/games/<game>/.

import { t } from '../../i18n/index.js';
import { noResultEnding, resultInWords } from '../../common/result_words.js';

const COLOURS = ['black', 'white', 'red', 'blue'];

// Seat `seat`'s name in the client's language from the state's English one ("Black",
// "Player 1"), with the player's name when `names` has one: "Black (Ann)".
export function seatName(state, seat, names = null) {
  const given = String((state.seats && state.seats[seat]) || '');
  const colour = given.toLowerCase();
  const player = /^Player (\d+)$/.exec(given);
  let label;
  if (COLOURS.includes(colour)) label = t(`screenReader.colours.${colour}`);
  else if (player) label = t('screenReader.player', { n: player[1] });
  else label = given || t('screenReader.player', { n: seat + 1 });
  const name = names && names[seat];
  return name ? t('screenReader.named', { seat: label, name }) : label;
}

// The file (0 = a) and rank (1-based) of a cell name such as "k11".
export function parseCell(name) {
  return { file: name.charCodeAt(0) - 97, rank: Number(name.slice(1)) };
}

// Cells in reading order: rank 1 first, files a.. within a rank.
export function sortCells(cells) {
  return [...cells].sort((a, b) => {
    const p = parseCell(a);
    const q = parseCell(b);
    return p.rank - q.rank || p.file - q.file;
  });
}

// Cells as short text, sorted, a row of three or more neighbours on one rank as a range:
// "b2 to j2, b3, d3".
export function cellList(cells) {
  const sorted = sortCells(cells);
  const parts = [];
  let run = [];
  const flush = () => {
    if (run.length >= 3) {
      parts.push(t('screenReader.range', { from: run[0], to: run[run.length - 1] }));
    } else {
      parts.push(...run);
    }
    run = [];
  };
  for (const name of sorted) {
    const last = run[run.length - 1];
    const p = parseCell(name);
    if (last && (parseCell(last).rank !== p.rank || parseCell(last).file !== p.file - 1)) flush();
    run.push(name);
  }
  flush();
  return parts.join(', ');
}

// One side's pieces as the line `key` says them ({seat}, {n}, {cells}).
export function piecesLine(key, state, seat, cells) {
  return t(key, {
    seat: seatName(state, seat),
    n: cells.length,
    cells: cellList(cells) || t('screenReader.none'),
  });
}

// The occupied cells of a board view's `cells` ({name: seat}) for each of `count` seats.
export function cellsBySeat(cells, count) {
  const bySeat = Array.from({ length: count }, () => []);
  for (const [name, seat] of Object.entries(cells || {})) {
    if (bySeat[seat]) bySeat[seat].push(name);
  }
  return bySeat;
}

// "Black (Ann) to move.", or how the game ended; `results`: the game's own result codes in words
// (games/<game>/results.js, passed in by games/index.js turnLineOf).
export function turnLine(state, names = null, results = {}) {
  const result = state.result;
  if (state.status !== 'ongoing' || state.to_move < 0) {
    const winners = (result && result.winners) || [];
    let text;
    if (noResultEnding(result)) text = t('screenReader.over.noResult');
    else if (!result || result.draw || winners.length === 0) text = t('screenReader.over.draw');
    else if (winners.length === 1) {
      text = t('screenReader.over.wins', { seat: seatName(state, winners[0], names) });
    } else {
      const seats = winners.map((s) => seatName(state, s, names)).join(t('screenReader.and'));
      text = t('screenReader.over.share', { seats });
    }
    const reason = resultInWords(result, {
      gameResults: results,
      seatName: (seat) => seatName(state, seat),
      playerName: (seat) => (names && names[seat]) || null,
    });
    return reason ? t('screenReader.over.reason', { text, reason }) : text;
  }
  return t('screenReader.toMove', { seat: seatName(state, state.to_move, names) });
}

// "Scores: Black 2, Red 1.", or null for a state without scores.
export function scoresLine(state) {
  const scores = state.scores || [];
  if (!scores.length) return null;
  const parts = scores.map((score, seat) =>
    t('screenReader.seatValue', { seat: seatName(state, seat), value: score }),
  );
  return t('screenReader.scores', { scores: parts.join(', ') });
}
