// Quadrature's player-facing words (RULES.md §1) and the positions of its rules-page diagrams.

import { quadrature } from './positions.js';

export const TEXTS = {
  en: {
    title: 'Quadrature',
    summary:
      'Square enemy men with three of yours to exchange them; leave the opponent two men or ' +
      'fill your goal',
    intro:
      'Two players, Black and White, on an 11 × 11 board. Trap enemy men in rectangles to ' +
      'turn them into your own. Win by leaving your opponent two men or fewer, or by filling ' +
      'your goal.',
    sections: [
      {
        heading: 'The board',
        paragraphs: [
          'Black starts at the bottom and moves up the board; White starts at the top and moves ' +
            'down. Black moves first.',
          'With the usual setup each side has 18 men in two rows of nine: Black on b2–j2 and ' +
            'b3–j3, White on b9–j9 and b10–j10. You also have an endless supply of spare men ' +
            'off the board, used only for exchanges.',
          'Your goal is the middle three cells of the far edge: e11, f11 and g11 for Black; ' +
            'e1, f1 and g1 for White.',
        ],
      },
      {
        heading: 'Your move',
        paragraphs: [
          'Step one of your men one cell forward, diagonally forward or sideways onto an empty ' +
            'cell. Men never move backward and never jump.',
        ],
      },
      {
        heading: 'Rectangles and exchanges',
        paragraphs: [
          'Four men form a rectangle when they stand on its four corners. Any width and height ' +
            'counts, but the sides must follow the grid: tilted shapes do not count, and ' +
            'whatever lies inside does not matter.',
          'When your step makes a rectangle of three of your men and one enemy man, that man is ' +
            'exchanged: it leaves the board and one of your spare men takes its place. A man ' +
            'gained this way can complete more rectangles at once, and every exchange happens — ' +
            'you cannot decline one.',
          'Each rectangle must include the man you moved or a man just exchanged: enemy men ' +
            'that were already trapped before your move stay where they are.',
        ],
        diagrams: ['exchange-before', 'exchange-after'],
      },
      {
        heading: 'No suicide',
        paragraphs: [
          'You may not step onto a cell that would complete a rectangle with three enemy men — ' +
            'even if the same step would also exchange something. A man placed by an exchange ' +
            'may stand on such a cell.',
        ],
        diagrams: ['suicide'],
      },
      {
        heading: 'The marker',
        paragraphs: [
          'A quiet sideways move is a sideways step that exchanges nothing. Each one adds a ' +
            'bar to your marker; at two bars you may not make a third. Any other move — ' +
            'forward, diagonal, or a sideways step that exchanges — takes your marker back to ' +
            'zero. The seat strip above the board shows both markers.',
        ],
      },
      {
        heading: 'Winning and draws',
        paragraphs: [
          'You win at the end of your move if your opponent has two men or fewer left, or if ' +
            'your men stand on all three cells of your goal (by stepping there or by exchange).',
          'If you cannot move, you pass. If neither side can move, the game is a draw. It is ' +
            'also a draw when the same position (the men, both markers and the side to move) ' +
            'comes up for the third time.',
        ],
        diagrams: ['goal'],
      },
    ],
    captions: {
      'exchange-before':
        'Before: Black steps d7–e8. Together with b8 and e10, e8 closes a rectangle around ' +
        "White's man on b10.",
      'exchange-after':
        'After: b10 has been exchanged for a Black man (ringed). White has three men left.',
      suicide:
        "Forbidden: c6–c7 would complete White's rectangle a7–a9–c9 (marked), so Black may not " +
        'play it, although it would also trap c5.',
      goal: "f10–g11 puts Black's men on e11, f11 and g11: Black fills the goal and wins.",
    },
    options: {
      setup: {
        label: 'Starting men',
        help: 'How many men each side starts with.',
        values: {
          men18: 'Two rows of nine men',
          steere9: 'One row of nine men (Mark Steere’s original)',
        },
      },
    },
    hints: {
      exchanges: '{from}–{to} exchanges {cells}.',
      exchangesNothing: '{from}–{to} exchanges nothing.',
      quietOne: 'A quiet sideways move: your marker goes up to one bar.',
      quietTwo: 'A quiet sideways move: your marker goes up to two bars — no third one after it.',
      suicide: '{to} is forbidden: it would complete a rectangle with the enemy men on {cells}.',
      marker: 'Not allowed: your marker is at two bars, so no third quiet sideways move.',
      backward: 'Men never move backward.',
      occupied: '{to} is taken.',
      noMoves: '{from} has no move.',
      chooseTarget: 'Point at a cell next to {from} to see what the move would do.',
    },
    // The board in play (boards/quadrature.js).
    board: {
      seats: ['Black', 'White'],
      label: 'Quadrature board. Arrow keys move between cells; Enter or Space chooses.',
      goal: "{seat}'S GOAL",
      goalCell: "{seat}'s goal",
      men: { one: '{n} man', other: '{n} men' },
      markers: ['marker off', 'marker one bar', 'marker two bars'],
      chooseMan: 'Your move: choose one of your men.',
      chooseWhere: 'Your move: choose where {from} goes.',
      passed: 'A side with no legal move passed.',
      exchanged: 'Exchanged: {cells}.',
      markerNote: 'Markers: a bar per quiet sideways move in a row; at two bars no third.',
      man: '{seat} man',
      empty: 'empty',
      lastFrom: 'last move from here',
      lastTo: 'last move to here',
      justExchanged: 'just exchanged',
      legalMove: 'legal move',
      selected: 'selected',
      canMove: 'can move',
    },
  },
};

// Worked examples 1, 3 and 5 of RULES.md §1.
export const DIAGRAMS = [
  {
    id: 'exchange-before',
    snapshot: quadrature({ black: ['e10', 'b8', 'd7'], white: ['b10', 'a11', 'j11', 'k11'] }),
    step: 'd7-e8',
  },
  {
    id: 'exchange-after',
    snapshot: quadrature({
      black: ['e10', 'b8', 'e8', 'b10'],
      white: ['a11', 'j11', 'k11'],
      exchanged: ['b10'],
      lastMove: 'd7-e8',
      toMove: 1,
    }),
  },
  {
    id: 'suicide',
    snapshot: quadrature({ black: ['c6', 'e7', 'e5'], white: ['a9', 'a7', 'c9', 'c5', 'k11'] }),
    marks: ['a7', 'a9', 'c9', 'c7'],
  },
  {
    id: 'goal',
    snapshot: quadrature({
      black: ['e11', 'f11', 'g11', 'c3', 'd3'],
      white: ['e1', 'f1', 'a9', 'b9'],
      lastMove: 'f10-g11',
      over: { winners: [0], draw: false, reason: 'goal' },
    }),
  },
];
