// Kvadratura's player-facing words (docs/rules.md §4).

const SIZES = [3, 4, 5, 6, 7, 8];

export const TEXTS = {
  en: {
    title: 'Kvadratura',
    summary: 'Fill an n x n board without making a square of your colour in any orientation',
    intro:
      'Two players, White and Black, take turns placing checkers on an 8 × 8 board. Do not ' +
      'make a square of your own colour — and remember that squares can be tilted.',
    sections: [
      {
        heading: 'Your move',
        paragraphs: [
          'White moves first. On your turn, put one of your checkers on any empty cell. ' +
            'Checkers never move.',
        ],
      },
      {
        heading: 'Squares',
        paragraphs: [
          'Four cells form a square when they are the corners of a real square, upright or ' +
            'tilted at any angle: a2, b1, c2 and b3 form a square turned on its corner. An ' +
            '8 × 8 board holds 336 squares, only 140 of them upright.',
          'A square counts only when all four corners hold the same colour; a square with ' +
            'both colours on it means nothing.',
        ],
        diagrams: ['tilted-before', 'tilted-after', 'mixed'],
      },
      {
        heading: 'Winning',
        paragraphs: [
          'First square loses (the usual mode): if you complete a square of your own colour, ' +
            'you lose at once. If the board fills up without one, the game is a draw — which ' +
            'can only happen on boards up to 6 × 6.',
          'Fill the board: play until every cell is taken. Each player scores the squares of ' +
            'their colour, and the fewer squares wins, by the difference. Equal counts draw.',
          'A tip for choosing the size: on even boards the second player can force a result by ' +
            "mirroring the first player's moves; on 5 × 5 and 7 × 7 there is no such strategy.",
        ],
      },
    ],
    captions: {
      'tilted-before': 'On a 4 × 4 board White has a2, b1 and c2, and it is White’s move.',
      'tilted-after':
        'White plays b3: a2–b1–c2–b3 is a tilted square of White’s colour, so White loses.',
      mixed: 'a1, b1 and a2 are White but b2 is Black: a mixed square means nothing.',
    },
    options: {
      size: {
        label: 'Board size',
        help: 'The board has n × n cells.',
        values: Object.fromEntries(SIZES.map((n) => [n, `${n} × ${n} board`])),
      },
      mode: {
        label: 'Winning',
        help: 'Lose by your first one-colour square, or fill the board and count them.',
        values: {
          first_square_loses: 'First square loses',
          fill: 'Fill the board: fewer squares wins',
        },
      },
    },
    hints: {},
    // The board in play (board.js).
    board: {
      seats: ['White', 'Black'],
      label: 'Kvadratura board. Arrow keys move between cells; Enter or Space places.',
      squares: { one: '{n} square', other: '{n} squares' },
      yourMove: 'Your move: place a checker on an empty cell.',
      noteFill: 'Fill the board; fewer one-colour squares wins. Squares may be tilted.',
      noteFirst: 'Completing a square of your own colour — tilted ones too — loses at once.',
      outlinedCount: 'Outlined: {white} White and {black} Black squares.',
      outlinedList: 'Outlined: {list}.',
      outlinedOne: '{seat} {cells}',
      checker: '{seat} checker',
      empty: 'empty',
      lastMove: 'last move',
      inSquare: 'corner of a one-colour square',
      legalMove: 'legal move',
    },
  },
  ru: {
    title: 'Квадратура',
    summary: 'Заполните квадратное поле, не построив квадрата своего цвета ни в каком направлении',
    intro:
      'Двое игроков, белые и чёрные, по очереди ставят шашки на доску 8 × 8. Не составьте ' +
      'квадрат своего цвета — и помните, что квадраты бывают наклонными.',
    sections: [
      {
        heading: 'Ваш ход',
        paragraphs: [
          'Первыми ходят белые. В свой ход поставьте одну свою шашку на любую свободную клетку. ' +
            'Шашки никогда не передвигаются.',
        ],
      },
      {
        heading: 'Квадраты',
        paragraphs: [
          'Четыре клетки образуют квадрат, если они — углы настоящего квадрата, прямого или ' +
            'повёрнутого под любым углом: a2, b1, c2 и b3 образуют квадрат, стоящий на углу. На ' +
            'доске 8 × 8 помещается 336 квадратов, и только 140 из них прямые.',
          'Квадрат засчитывается, только когда все четыре угла одного цвета; квадрат с шашками ' +
            'обоих цветов ничего не значит.',
        ],
        diagrams: ['tilted-before', 'tilted-after', 'mixed'],
      },
      {
        heading: 'Победа',
        paragraphs: [
          'Первый квадрат проигрывает (обычный режим): если вы построили квадрат своего цвета, ' +
            'вы сразу проиграли. Если поле заполнилось, а квадрата нет, — ничья; такое бывает ' +
            'только на досках до 6 × 6.',
          'До заполнения поля: играют, пока не заняты все клетки. Каждый считает квадраты ' +
            'своего цвета, и побеждает тот, у кого их меньше, с разницей в счёте. При равенстве ' +
            '— ничья.',
          'Совет при выборе размера: на чётных досках второй игрок может добиться результата, ' +
            'повторяя ходы первого симметрично; на досках 5 × 5 и 7 × 7 такой стратегии нет.',
        ],
      },
    ],
    captions: {
      'tilted-before': 'На доске 4 × 4 у белых a2, b1 и c2, и ход белых.',
      'tilted-after':
        'Белые ставят на b3: a2–b1–c2–b3 — наклонный квадрат белого цвета, и белые проигрывают.',
      mixed: 'a1, b1 и a2 белые, а b2 чёрная: разноцветный квадрат ничего не значит.',
    },
    options: {
      size: {
        label: 'Размер доски',
        help: 'Сколько клеток вдоль стороны доски.',
        values: Object.fromEntries(SIZES.map((n) => [n, `Доска ${n} × ${n}`])),
      },
      mode: {
        label: 'Победа',
        help: 'Проигрывает первый одноцветный квадрат, или поле заполняют до конца и считают квадраты.',
        values: {
          first_square_loses: 'Без квадратов',
          fill: 'До заполнения: меньше квадратов',
        },
      },
    },
    hints: {},
    board: {
      seats: ['Белые', 'Чёрные'],
      label:
        'Доска «Квадратуры». Стрелки — переход между клетками; Enter или пробел — поставить шашку.',
      squares: {
        one: '{n} квадрат',
        few: '{n} квадрата',
        many: '{n} квадратов',
        other: '{n} квадрата',
      },
      yourMove: 'Ваш ход: поставьте шашку на свободную клетку.',
      noteFill:
        'Поле заполняется до конца; побеждает меньшее число одноцветных квадратов. Квадраты бывают наклонными.',
      noteFirst: 'Построив квадрат своего цвета — в том числе наклонный, — вы сразу проигрываете.',
      outlinedCount: 'Обведены квадраты: белых — {white}, чёрных — {black}.',
      outlinedList: 'Обведены: {list}.',
      outlinedOne: '{seat} {cells}',
      checker: 'шашка: {seat}',
      empty: 'свободно',
      lastMove: 'последний ход',
      inSquare: 'угол одноцветного квадрата',
      legalMove: 'возможный ход',
    },
  },
};

// Positions from docs/rules.md §4's worked examples, each reached by its record (checked against the
// server by the browser tests).
