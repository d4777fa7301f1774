// Kvadrat's player-facing words (RULES.md §3) and the positions of its rules-page diagrams.

import { kvadrat } from './positions.js';

export const TEXTS = {
  en: {
    title: 'Kvadrat',
    summary:
      'Place pieces at the end of five-cell paths and hold the most of the 25 squares; 2 or 4 ' +
      'players.',
    intro:
      'Two or four players place pieces on a 15 × 15 board divided into 25 squares of 3 × 3. ' +
      'Every new piece arrives along a path of exactly five steps. Own the most squares to win.',
    sections: [
      {
        heading: 'Players and edges',
        paragraphs: [
          'With two players, Black starts from the bottom edge and Red from the top edge. With ' +
            'four, going clockwise: Black bottom, White left, Red top, Blue right. Black moves ' +
            'first, then turns go round in that order.',
          'With two players the pieces are unlimited; with four, each player has 30.',
        ],
      },
      {
        heading: 'Your move',
        paragraphs: [
          'Place one new piece; pieces never move. The new piece must be at the end of a path ' +
            'of exactly five steps. Each step goes to a neighbouring empty cell up, down, left ' +
            'or right (no diagonals). The path may turn as often as you like, but it may not ' +
            'visit a cell twice and never passes through a piece — your own included.',
          'Your first path starts on your own edge: its first step lands on an edge cell, so ' +
            'your first piece lands within the five rows nearest your edge.',
          'Every later path starts next to one of your pieces already on the board. Five steps ' +
            'always end an odd number of cells away, so you can never land two or four cells ' +
            'from the piece you start from.',
          'You only choose the destination: the highlighted cells are the ones a path reaches, ' +
            'and pointing at one shows a path that gets there.',
        ],
        diagrams: ['first-move', 'later-before', 'later-after'],
      },
      {
        heading: 'Squares',
        paragraphs: [
          'A square belongs to the player with strictly more pieces in it than each other ' +
            'player: 4 against 3 is yours, 1 against 0 is yours, 2 against 2 is neutral. A tie ' +
            'for the most, including an empty square, leaves it neutral.',
          'A square is settled when its owner can no longer change, whatever is placed on its ' +
            'empty cells. Settled squares are drawn with a solid frame.',
        ],
      },
      {
        heading: 'The end',
        paragraphs: [
          'If you cannot place a piece, you pass. The game ends when every square is settled, ' +
            'or when nobody can place a piece.',
          'Each square you own is worth one point and the most points wins. Players tied for ' +
            'the most share first place; if everybody has the same score, it is a draw.',
        ],
      },
    ],
    captions: {
      'first-move':
        "Black's first piece: a path of five steps from the bottom edge, c1–c2–c3–c4–c5.",
      'later-before':
        'A later move: from beside c3 the path d3–e3–e4–e5–f5 turns twice and ends on f5. ' +
        'c5, two cells away, can never be reached from c3.',
      'later-after':
        'After f5: Black owns squares A1 and B2 (one piece against none), Red owns C5.',
    },
    options: {
      players: {
        label: 'Players',
        help: 'Two players face each other; four play from all four edges.',
        values: { 2: 'Two players', 4: 'Four players' },
      },
      pieces: {
        label: 'Pieces each',
        help:
          'How many pieces each player may place; by default unlimited with two players, ' +
          '30 with four.',
        values: { unlimited: 'Unlimited pieces' },
        number: '{n} pieces each',
      },
      path: {
        label: 'Path',
        help: 'How many steps the path to a new piece takes.',
        values: { exact: 'Paths of exactly five steps', at_most: 'Paths of one to five steps' },
      },
      majority: {
        label: 'Owning a square',
        help: 'How many pieces it takes to own a square.',
        values: {
          plurality: 'Most pieces owns a square',
          absolute: 'More pieces than all others together owns a square',
        },
      },
    },
    hints: {
      path: 'A path of five steps: {cells}.',
      pathSteps: 'A path of {n} steps: {cells}.',
      firstPath: 'From your edge: {cells}.',
      occupied: '{cell} is taken.',
      first_far: '{cell}: your first piece must land within five rows of your edge.',
      no_path:
        '{cell}: no path of exactly five steps over empty cells starts next to one of your ' +
        'pieces and ends here.',
      no_path_at_most:
        '{cell}: no path of one to five steps over empty cells starts next to one of your ' +
        'pieces and ends here.',
      no_pieces: 'You have no pieces left.',
    },
    // The board in play (boards/kvadrat.js).
    board: {
      seats2: ['Black', 'Red'],
      seats4: ['Black', 'White', 'Red', 'Blue'],
      label: 'Kvadrat board. Arrow keys move between cells; Enter or Space places.',
      score: '{n} sq',
      scoreLeft: '{n} sq · {left} left',
      seatAria: {
        one: '{n} square owned, starts from the {edge} edge',
        other: '{n} squares owned, starts from the {edge} edge',
      },
      seatAriaLeft: {
        one: '{n} square owned, {left} pieces left, starts from the {edge} edge',
        other: '{n} squares owned, {left} pieces left, starts from the {edge} edge',
      },
      edges: { south: 'south', west: 'west', north: 'north', east: 'east' },
      yourFirst: 'Your first move: place a piece within five rows of your edge.',
      yourMove: 'Your move: place a piece on a highlighted position.',
      note:
        '{settled} of 25 squares settled. A square belongs to whoever holds most of its nine ' +
        "positions; its owner's mark is in its corner.",
      passed: 'A player without a move passed.',
      piece: '{seat} piece',
      empty: 'empty',
      lastMove: 'last move',
      legalMove: 'legal move',
      squareNeutral: 'square {name} neutral',
      squareOwned: "square {name} {seat}'s",
      settled: 'settled',
      startsHere: '{seat} STARTS HERE',
    },
  },
};

// Each position is reached by its record (checked against the server by the browser tests).
export const DIAGRAMS = [
  {
    id: 'first-move',
    snapshot: kvadrat({ black: ['c5'], red: [], lastMove: 'c5', toMove: 1 }),
    path: ['c1', 'c2', 'c3', 'c4', 'c5'],
    record: ['c5'],
  },
  {
    id: 'later-before',
    snapshot: kvadrat({ black: ['c3'], red: ['h13'] }),
    path: ['c3', 'd3', 'e3', 'e4', 'e5', 'f5'],
    marks: ['c5'],
    record: ['c3', 'h13'],
  },
  {
    id: 'later-after',
    snapshot: kvadrat({ black: ['c3', 'f5'], red: ['h13'], lastMove: 'f5', toMove: 1 }),
    record: ['c3', 'h13', 'f5'],
  },
];
