// Player-facing words shared by every game's rules page, option labels and links, keyed by
// language; a game's own words are in games/<game>.js. Keys are stable: translations add a
// language beside `en`.

export const TEXTS = {
  en: {
    pageTitle: '{title} — how to play',
    rulesLink: 'How to play {title}',
    rulesShort: 'Rules',
    rulesOpensNewTab: '(opens in a new tab)',
    learnTitle: 'Learn the games',
    learnIntro: 'Short rules with pictures, one page per game.',
    backToLobby: 'Back to the lobby',
    otherGames: 'The other games',
    optionsHeading: 'Options when creating a room',
    optionDefault: '{label} (default)',
    defaultChoice: 'Default',
    unknownGame: 'There is no game called “{id}”. Pick one of these:',
    diagramLabel: 'Diagram: {caption}',
    // What every board says (boards/grid.js).
    board: {
      openSeat: 'open seat',
      you: '{name} (you)',
      toMove: 'to move',
      winner: 'winner',
      waiting: 'Waiting for players to take their seats…',
      draw: 'Game over — a draw',
      wins: 'Game over — {seat} wins',
      share: 'Game over — {seats} share first place',
      and: ' and ',
      reason: '{text} ({reason}).',
      seatToMove: '{seat} to move.',
    },
  },
};
