// Quadrature's player-facing words (docs/rules.md §1).

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
          steere9: 'One row of nine (Steere’s original)',
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
    // The board in play (board.js).
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
  ru: {
    title: 'Прямоугольники',
    summary:
      'Замыкайте шашки соперника в прямоугольник с тремя своими, чтобы обменять их; оставьте ' +
      'сопернику две шашки или займите свою цель',
    intro:
      'Двое игроков, чёрные и белые, на доске 11 × 11. Ловите шашки соперника в прямоугольники, ' +
      'чтобы превращать их в свои. Побеждает тот, кто оставит сопернику не больше двух шашек ' +
      'или займёт свою цель.',
    sections: [
      {
        heading: 'Доска',
        paragraphs: [
          'Чёрные начинают внизу и идут вверх по доске; белые начинают вверху и идут вниз. ' +
            'Первыми ходят чёрные.',
          'В обычной расстановке у каждой стороны 18 шашек в двух рядах по девять: чёрные на ' +
            'b2–j2 и b3–j3, белые на b9–j9 и b10–j10. Кроме того, у вас есть бесконечный запас ' +
            'шашек вне доски — они нужны только для обменов.',
          'Ваша цель — три средние клетки дальнего края: e11, f11 и g11 для чёрных; e1, f1 и g1 ' +
            'для белых.',
        ],
      },
      {
        heading: 'Ваш ход',
        paragraphs: [
          'Передвиньте одну свою шашку на одну клетку вперёд, вперёд по диагонали или в сторону ' +
            'на свободную клетку. Шашки никогда не ходят назад и не прыгают.',
        ],
      },
      {
        heading: 'Прямоугольники и обмены',
        paragraphs: [
          'Четыре шашки образуют прямоугольник, когда стоят в его четырёх углах. Годятся любые ' +
            'ширина и высота, но стороны должны идти по линиям доски: наклонные фигуры не ' +
            'считаются, а что стоит внутри — неважно.',
          'Если ваш ход образует прямоугольник из трёх ваших шашек и одной шашки соперника, эта ' +
            'шашка обменивается: она уходит с доски, а её место занимает ваша запасная шашка. ' +
            'Полученная так шашка может сразу замкнуть новые прямоугольники, и все обмены ' +
            'происходят обязательно — отказаться нельзя.',
          'В каждом прямоугольнике должна быть шашка, которой вы ходили, или только что ' +
            'обменянная шашка: шашки соперника, уже окружённые до вашего хода, остаются на месте.',
        ],
        diagrams: ['exchange-before', 'exchange-after'],
      },
      {
        heading: 'Без самоубийства',
        paragraphs: [
          'Нельзя ходить на клетку, которая замкнула бы прямоугольник с тремя шашками соперника, — ' +
            'даже если тот же ход что-то обменял бы. Шашка, поставленная обменом, на такой ' +
            'клетке стоять может.',
        ],
        diagrams: ['suicide'],
      },
      {
        heading: 'Счётчик',
        paragraphs: [
          'Тихий ход в сторону — это ход вбок, который ничего не обменивает. Каждый такой ход ' +
            'добавляет черту на ваш счётчик; при двух чертах третий делать нельзя. Любой другой ' +
            'ход — вперёд, по диагонали или ход вбок с обменом — сбрасывает счётчик в ноль. Оба ' +
            'счётчика видны в полосе игроков над доской.',
        ],
      },
      {
        heading: 'Победа и ничья',
        paragraphs: [
          'Вы побеждаете в конце своего хода, если у соперника осталось не больше двух шашек или ' +
            'если ваши шашки стоят на всех трёх клетках вашей цели (пришли туда ходом или ' +
            'обменом).',
          'Если вам некуда ходить, вы пропускаете ход. Если ходить не может ни одна сторона — ' +
            'ничья. Ничья и тогда, когда одна и та же позиция (шашки, оба счётчика и очередь ' +
            'хода) возникает в третий раз.',
        ],
        diagrams: ['goal'],
      },
    ],
    captions: {
      'exchange-before':
        'До: чёрные ходят d7–e8. Вместе с b8 и e10 шашка на e8 замыкает прямоугольник вокруг ' +
        'белой шашки на b10.',
      'exchange-after':
        'После: b10 обменяна на чёрную шашку (обведена). У белых осталось три шашки.',
      suicide:
        'Запрещено: c6–c7 замкнул бы белый прямоугольник a7–a9–c9 (отмечен), поэтому чёрные ' +
        'так ходить не могут, хотя этот ход окружил бы и c5.',
      goal: 'f10–g11 ставит чёрные шашки на e11, f11 и g11: чёрные заняли цель и победили.',
    },
    options: {
      setup: {
        label: 'Начальные шашки',
        help: 'Сколько шашек у каждой стороны в начале.',
        values: {
          men18: 'Два ряда шашек',
          steere9: 'Один ряд шашек (Марк Стир)',
        },
      },
    },
    hints: {
      exchanges: '{from}–{to} обменивает {cells}.',
      exchangesNothing: '{from}–{to} ничего не обменивает.',
      quietOne: 'Тихий ход в сторону: на счётчике станет одна черта.',
      quietTwo: 'Тихий ход в сторону: на счётчике станет две черты — третьего после него не будет.',
      suicide: 'На {to} ходить нельзя: это замкнёт прямоугольник с шашками соперника на {cells}.',
      marker: 'Нельзя: на счётчике две черты, третий тихий ход в сторону запрещён.',
      backward: 'Шашки никогда не ходят назад.',
      occupied: '{to} занята.',
      noMoves: 'У {from} нет ходов.',
      chooseTarget: 'Наведите на клетку рядом с {from}, чтобы увидеть, что даст ход.',
    },
    board: {
      seats: ['Чёрные', 'Белые'],
      label: 'Доска «Прямоугольников». Стрелки — переход между клетками; Enter или пробел — выбор.',
      goal: 'ЦЕЛЬ: {seat}',
      goalCell: 'цель: {seat}',
      men: {
        one: '{n} шашка',
        few: '{n} шашки',
        many: '{n} шашек',
        other: '{n} шашки',
      },
      markers: ['счётчик пуст', 'на счётчике одна черта', 'на счётчике две черты'],
      chooseMan: 'Ваш ход: выберите одну из своих шашек.',
      chooseWhere: 'Ваш ход: выберите, куда пойдёт {from}.',
      passed: 'Сторона без возможных ходов пропустила ход.',
      markerNote:
        'Счётчики: черта за каждый тихий ход в сторону подряд; при двух чертах третьего нет.',
      man: 'шашка: {seat}',
      empty: 'свободно',
      lastFrom: 'последний ход отсюда',
      lastTo: 'последний ход сюда',
      justExchanged: 'только что обменяна',
      legalMove: 'возможный ход',
      selected: 'выбрана',
      canMove: 'может ходить',
    },
  },
};

// Worked examples 1, 3 and 5 of docs/rules.md §1.
