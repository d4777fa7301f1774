// Kvadrat's player-facing words (docs/rules.md §3).

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
        number: { one: '{n} piece each', other: '{n} pieces each' },
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
          absolute: 'More pieces than all others together',
        },
      },
    },
    hints: {
      path: 'A path of five steps: {cells}.',
      pathSteps: { one: 'A path of {n} step: {cells}.', other: 'A path of {n} steps: {cells}.' },
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
    // The board in play (board.js).
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
  ru: {
    title: 'Квадрат',
    summary:
      'Ставьте фишки в конце пути из пяти клеток и захватите больше из 25 квадратов; 2 или 4 ' +
      'игрока.',
    intro:
      'Двое или четверо игроков ставят фишки на поле 15 × 15, разделённое на 25 квадратов 3 × 3. ' +
      'Каждая новая фишка приходит по пути ровно из пяти шагов. Побеждает тот, кто захватит ' +
      'больше квадратов.',
    sections: [
      {
        heading: 'Игроки и кромки',
        paragraphs: [
          'Вдвоём чёрные начинают от нижней кромки поля, красные — от верхней. Вчетвером, по ' +
            'часовой стрелке: чёрные снизу, белые слева, красные сверху, синие справа. Первыми ' +
            'ходят чёрные, дальше ходы идут по кругу в этом порядке.',
          'Вдвоём фишек сколько угодно; вчетвером у каждого по 30 фишек.',
        ],
      },
      {
        heading: 'Ваш ход',
        paragraphs: [
          'Поставьте одну новую фишку; фишки никогда не передвигаются. Новая фишка должна стоять ' +
            'в конце пути ровно из пяти шагов. Каждый шаг ведёт на соседнюю свободную позицию ' +
            'вверх, вниз, влево или вправо (по диагонали ходить нельзя). Путь может поворачивать ' +
            'сколько угодно раз, но не может дважды проходить через одну позицию и никогда не ' +
            'проходит через фишки — в том числе свои.',
          'Первый путь начинается от вашей кромки: первый шаг приходится на позицию у кромки, ' +
            'поэтому первая фишка встаёт в пределах пяти рядов от вашей кромки.',
          'Каждый следующий путь начинается рядом с одной из ваших фишек на поле. Пять шагов ' +
            'всегда заканчиваются на нечётном расстоянии, поэтому нельзя встать в двух или ' +
            'четырёх позициях от фишки, от которой вы отсчитываете.',
          'Вы выбираете только конечную позицию: подсвечены позиции, до которых доходит путь, а ' +
            'если навести на одну из них, будет показан путь туда.',
        ],
        diagrams: ['first-move', 'later-before', 'later-after'],
      },
      {
        heading: 'Квадраты',
        paragraphs: [
          'Квадрат принадлежит игроку, у которого в нём строго больше фишек, чем у каждого из ' +
            'остальных: 4 против 3 — ваш, 1 против 0 — ваш, 2 против 2 — ничейный. При равенстве ' +
            'за первенство, в том числе в пустом квадрате, квадрат ничейный.',
          'Квадрат определён, когда его владелец уже не может смениться, что бы ни поставили на ' +
            'его свободные позиции. Определённые квадраты обведены сплошной рамкой.',
        ],
      },
      {
        heading: 'Конец игры',
        paragraphs: [
          'Если вы не можете поставить фишку, вы пропускаете ход. Игра заканчивается, когда ' +
            'определены все квадраты или когда никто не может поставить фишку.',
          'Каждый ваш квадрат приносит одно очко, побеждает набравший больше очков. Игроки с ' +
            'равным наибольшим счётом делят первое место; если счёт у всех одинаковый — ничья.',
        ],
      },
    ],
    captions: {
      'first-move': 'Первая фишка чёрных: путь из пяти шагов от нижней кромки, c1–c2–c3–c4–c5.',
      'later-before':
        'Следующий ход: от позиции рядом с c3 путь d3–e3–e4–e5–f5 дважды поворачивает и ' +
        'заканчивается на f5. До c5, в двух позициях от c3, от c3 не дойти никогда.',
      'later-after':
        'После f5: чёрным принадлежат квадраты A1 и B2 (одна фишка против нуля), красным — C5.',
    },
    options: {
      players: {
        label: 'Игроки',
        help: 'Двое играют друг против друга; четверо — от всех четырёх кромок.',
        values: { 2: 'Два игрока', 4: 'Четыре игрока' },
      },
      pieces: {
        label: 'Фишек у каждого',
        help:
          'Сколько фишек может поставить каждый игрок; по умолчанию вдвоём без ограничений, ' +
          'вчетвером по 30.',
        values: { unlimited: 'Фишек без ограничений' },
        number: {
          one: 'По {n} фишке у каждого',
          few: 'По {n} фишки у каждого',
          many: 'По {n} фишек у каждого',
          other: 'По {n} фишки у каждого',
        },
      },
      path: {
        label: 'Путь',
        help: 'Сколько шагов занимает путь к новой фишке.',
        values: { exact: 'Путь в пять шагов', at_most: 'Путь до пяти шагов' },
      },
      majority: {
        label: 'Захват квадрата',
        help: 'Сколько фишек нужно, чтобы захватить квадрат.',
        values: {
          plurality: 'Больше других',
          absolute: 'Больше, чем у остальных вместе',
        },
      },
    },
    hints: {
      path: 'Путь из пяти шагов: {cells}.',
      pathSteps: {
        one: 'Путь из {n} шага: {cells}.',
        few: 'Путь из {n} шагов: {cells}.',
        many: 'Путь из {n} шагов: {cells}.',
        other: 'Путь из {n} шага: {cells}.',
      },
      firstPath: 'От вашей кромки: {cells}.',
      occupied: '{cell} занята.',
      first_far: '{cell}: первая фишка должна встать в пределах пяти рядов от вашей кромки.',
      no_path:
        '{cell}: сюда не ведёт ни один путь ровно из пяти шагов по свободным позициям от ' +
        'ваших фишек.',
      no_path_at_most:
        '{cell}: сюда не ведёт ни один путь от одного до пяти шагов по свободным позициям от ' +
        'ваших фишек.',
      no_pieces: 'У вас не осталось фишек.',
    },
    board: {
      seats2: ['Чёрные', 'Красные'],
      seats4: ['Чёрные', 'Белые', 'Красные', 'Синие'],
      label:
        'Поле «Квадрата». Стрелки — переход между позициями; Enter или пробел — поставить фишку.',
      score: '{n} кв.',
      scoreLeft: '{n} кв. · фишек: {left}',
      seatAria: {
        one: '{n} квадрат захвачен, начинает от {edge} кромки',
        few: '{n} квадрата захвачено, начинает от {edge} кромки',
        many: '{n} квадратов захвачено, начинает от {edge} кромки',
        other: '{n} квадрата захвачено, начинает от {edge} кромки',
      },
      seatAriaLeft: {
        one: '{n} квадрат захвачен, фишек осталось: {left}, начинает от {edge} кромки',
        few: '{n} квадрата захвачено, фишек осталось: {left}, начинает от {edge} кромки',
        many: '{n} квадратов захвачено, фишек осталось: {left}, начинает от {edge} кромки',
        other: '{n} квадрата захвачено, фишек осталось: {left}, начинает от {edge} кромки',
      },
      edges: { south: 'южной', west: 'западной', north: 'северной', east: 'восточной' },
      yourFirst: 'Ваш первый ход: поставьте фишку в пределах пяти рядов от своей кромки.',
      yourMove: 'Ваш ход: поставьте фишку на подсвеченную позицию.',
      note:
        'Определено квадратов: {settled} из 25. Квадрат принадлежит тому, у кого больше фишек ' +
        'на его девяти позициях; знак владельца — в углу квадрата.',
      passed: 'Игрок без хода пропустил ход.',
      piece: 'фишка: {seat}',
      empty: 'свободно',
      lastMove: 'последний ход',
      legalMove: 'возможный ход',
      squareNeutral: 'квадрат {name} ничейный',
      squareOwned: 'квадрат {name}: {seat}',
      settled: 'определён',
      startsHere: '{seat} НАЧИНАЮТ ЗДЕСЬ',
    },
  },
};

// Each position is reached by its record (checked against the server by the browser tests).
