// Quadwrangle's player-facing words (docs/rules.md §2).

const LANES = [2, 3, 4, 5, 6, 7, 8, 9];

export const TEXTS = {
  en: {
    title: 'Quadwrangle',
    summary: 'Five-dice tug-of-war over nine lanes: pull three counters onto your red squares.',
    intro:
      'A tug-of-war with five dice. Nine lanes each hold one neutral counter, starting on the ' +
      'yellow centre. Every play pulls counters toward your own red square; the first player ' +
      'with three counters on their own red square wins.',
    sections: [
      {
        heading: 'The board',
        paragraphs: [
          "Player 1's red squares are on the left, Player 2's on the right. The lanes are 1 to " +
            '6, RUN, HIGH and LOW. Each lane has nine squares: red, three plain, the yellow ' +
            'centre, three plain, red.',
        ],
      },
      {
        heading: 'Your turn',
        paragraphs: [
          'Roll all five dice. Then you may re-roll up to two more times: keep the dice you ' +
            'like and re-roll the rest (dice you kept before may be re-rolled too).',
          'Then choose one play the dice allow. If none is possible after your last roll, your ' +
            'turn passes.',
        ],
      },
      {
        heading: 'The plays',
        paragraphs: [
          'Lanes 1 to 6: each number shown at least twice moves its lane one square less than ' +
            'the number of dice showing it — a pair +1, three of a kind +2, four +3, five +4. ' +
            'Two pairs move two lanes +1 each; a full house moves one lane +2 and one +1.',
          'RUN: a low run 1-2-3-4-5 moves the RUN counter 2 squares; a high run 2-3-4-5-6 ' +
            'moves it 3.',
          'HIGH: a dice total of 23 to 25 moves the HIGH counter 2; 26 or more moves it 3.',
          'LOW: a dice total of 10 to 12 moves the LOW counter 2; 9 or less moves it 3.',
          'You choose exactly one play: lanes and HIGH or LOW are alternatives, never combined.',
        ],
        diagrams: ['roll', 'lanes-after', 'high-after'],
      },
      {
        heading: 'Moving counters',
        paragraphs: [
          'Every play pulls counters toward you. A counter stops on your red square and any ' +
            'steps left over are lost; the yellow centre counts as a square.',
          'Counters never leave play: your opponent can pull a counter back off your red square.',
        ],
      },
      {
        heading: 'Winning',
        paragraphs: [
          'The first player with three counters on their own red square wins (four, if the ' +
            'room was created so). Only the player who moves can gain counters, so the win is ' +
            'checked after each play.',
        ],
      },
      {
        heading: 'Choosing a play',
        paragraphs: [
          'Point at a play, or tap it on a touch screen, to see where its counters would land. ' +
            'Click it to play; on a touch screen tap it again, or press Confirm.',
        ],
      },
    ],
    captions: {
      roll:
        'Player 1 rolled 6-6-6-5-5. Two plays are on offer: Lanes (lane 6 +2, lane 5 +1, ' +
        'rings show where they land) or HIGH +3 for the total of 28 — one or the other.',
      'lanes-after': 'After Lanes: lane 6 has moved two squares toward Player 1, lane 5 one.',
      'high-after': 'Had Player 1 chosen HIGH, its counter would have moved three squares.',
    },
    options: {
      lane: {
        label: 'Lane length',
        help: 'Squares in each lane, from red to red.',
        values: Object.fromEntries(LANES.map((n) => [n, `Lanes of ${2 * n + 1} squares`])),
      },
      target: {
        label: 'Counters to win',
        help: 'Counters needed on your own red square.',
        values: { 3: 'Three counters to win', 4: 'Four counters to win' },
      },
    },
    hints: {
      lanes:
        'Lanes: each number shown at least twice moves its lane — a pair +1, three of a kind ' +
        '+2, four +3, five +4.',
      run: 'RUN: a low run 1-2-3-4-5 moves it 2, a high run 2-3-4-5-6 moves it 3.',
      high: 'HIGH: your dice total {total}; 23 to 25 moves it 2, 26 or more moves it 3.',
      low: 'LOW: your dice total {total}; 10 to 12 moves it 2, 9 or less moves it 3.',
      tapAgain: 'Tap it again, or press Confirm, to play it.',
      confirm: 'Confirm: {play}',
    },
    // The board in play (board.js).
    board: {
      seats: ['Player 1', 'Player 2'],
      lanes: { run: 'Run', high: 'High', low: 'Low' },
      plays: { 'play lanes': 'Lanes', 'play run': 'Run', 'play high': 'High', 'play low': 'Low' },
      playLanes: '{name}: {parts}',
      playOne: '{name} {part}',
      lanePart: '{lane} +{steps}',
      part: '+{steps}',
      toRed: '{part} (to red)',
      redLeft: "◀ {seat}'s red",
      redRight: "{seat}'s red ▶",
      label: 'Quadwrangle lanes. {lanes}.',
      laneAt: 'lane {lane}: {at}',
      centre: 'centre',
      onRed: "{seat}'s red square",
      toward: { one: '{n} toward {seat}', other: '{n} toward {seat}' },
      home: '{n}/{target} red',
      homeAria: '{n} of {target} counters on own red square',
      diceGroup: 'Dice: press a die to keep it when re-rolling',
      playsGroup: 'Plays',
      die: 'Die {i}: {value}',
      dieKept: 'Die {i}: {value}, kept',
      kept: 'KEEP',
      dieRerolled: 'Die {i}: {value}, will be re-rolled',
      dieEmpty: 'Die {i}: not rolled',
      roll: 'Roll the dice',
      noRerolls: 'No re-rolls left',
      reroll: {
        one: 'Re-roll {n} die (roll {roll} of 3)',
        other: 'Re-roll {n} dice (roll {roll} of 3)',
      },
      keepFewer: 'Keep fewer dice to re-roll',
      pass: 'Pass — no play for these dice',
      yourRoll: 'Your turn: roll the dice.',
      mustPass: 'No play for these dice: pass.',
      pickOrReroll: 'Roll {n} of 3: pick a play, or tap dice to keep and re-roll the rest.',
      lastRoll: 'Last roll: pick a play.',
      target: 'First to {target} counters on their own red square wins.',
      rolled: 'rolled {dice}',
      rerolled: 're-rolled {dice}',
      played: 'played {play}',
      playedNames: { lanes: 'lanes', run: 'run', high: 'high', low: 'low' },
      lastMove: 'Last move: {what}. {note}',
      lastMovePassed: 'Last move: {what} — no play, so the turn passed. {note}',
    },
  },
  ru: {
    title: 'Квадрангл',
    summary:
      'Перетягивание на пяти костях по девяти дорожкам: затащите три фишки на свои красные клетки.',
    intro:
      'Перетягивание каната на пяти костях. На каждой из девяти дорожек стоит одна нейтральная ' +
      'фишка, в начале — на жёлтой середине. Каждый ход тянет фишки к вашей красной клетке; ' +
      'побеждает тот, кто первым соберёт три фишки на своих красных клетках.',
    sections: [
      {
        heading: 'Доска',
        paragraphs: [
          'Красные клетки игрока 1 слева, игрока 2 — справа. Дорожки: от 1 до 6, СТРИТ, МНОГО и ' +
            'МАЛО. На каждой дорожке девять клеток: красная, три простые, жёлтая середина, три ' +
            'простые, красная.',
        ],
      },
      {
        heading: 'Ваш ход',
        paragraphs: [
          'Бросьте все пять костей. Затем можно перебросить ещё до двух раз: оставьте ' +
            'понравившиеся кости и перебросьте остальные (оставленные раньше кости тоже можно ' +
            'перебросить).',
          'Затем выберите один из ходов, которые дают кости. Если после последнего броска хода ' +
            'нет, ход переходит к сопернику.',
        ],
      },
      {
        heading: 'Ходы',
        paragraphs: [
          'Дорожки от 1 до 6: каждое число, выпавшее хотя бы дважды, двигает свою дорожку на ' +
            'одну клетку меньше, чем костей с этим числом, — пара +1, тройка +2, четыре +3, пять ' +
            '+4. Две пары двигают две дорожки по +1; фулл-хаус двигает одну дорожку на +2 и одну ' +
            'на +1.',
          'СТРИТ: малый стрит 1-2-3-4-5 двигает фишку СТРИТА на 2 клетки, большой стрит ' +
            '2-3-4-5-6 — на 3.',
          'МНОГО: сумма костей от 23 до 25 двигает фишку МНОГО на 2, 26 и больше — на 3.',
          'МАЛО: сумма костей от 10 до 12 двигает фишку МАЛО на 2, 9 и меньше — на 3.',
          'Выбирается ровно один ход: дорожки и МНОГО или МАЛО — разные ходы, их не совмещают.',
        ],
        diagrams: ['roll', 'lanes-after', 'high-after'],
      },
      {
        heading: 'Движение фишек',
        paragraphs: [
          'Каждый ход тянет фишки к вам. Фишка останавливается на вашей красной клетке, лишние ' +
            'шаги пропадают; жёлтая середина считается клеткой.',
          'Фишки никогда не выходят из игры: соперник может утащить фишку обратно с вашей ' +
            'красной клетки.',
        ],
      },
      {
        heading: 'Победа',
        paragraphs: [
          'Побеждает тот, кто первым соберёт три фишки на своих красных клетках (четыре, если ' +
            'комната так создана). Фишки может получить только тот, кто ходит, поэтому победа ' +
            'проверяется после каждого хода.',
        ],
      },
      {
        heading: 'Выбор хода',
        paragraphs: [
          'Наведите на ход или коснитесь его на сенсорном экране, чтобы увидеть, куда встанут ' +
            'его фишки. Нажмите, чтобы сыграть его; на сенсорном экране коснитесь ещё раз или ' +
            'нажмите «Подтвердить».',
        ],
      },
    ],
    captions: {
      roll:
        'Игрок 1 выбросил 6-6-6-5-5. Есть два хода: Дорожки (дорожка 6 +2, дорожка 5 +1, ' +
        'кружки показывают, куда встанут фишки) или МНОГО +3 за сумму 28 — одно из двух.',
      'lanes-after':
        'После хода Дорожки: дорожка 6 сдвинулась на две клетки к игроку 1, дорожка 5 — на одну.',
      'high-after': 'Если бы игрок 1 выбрал МНОГО, его фишка сдвинулась бы на три клетки.',
    },
    options: {
      lane: {
        label: 'Длина дорожки',
        help: 'Клеток на каждой дорожке, от красной до красной.',
        values: Object.fromEntries(LANES.map((n) => [n, `Дорожки: ${2 * n + 1} клеток`])),
      },
      target: {
        label: 'Фишек для победы',
        help: 'Сколько фишек нужно на своих красных клетках.',
        values: { 3: 'До трёх фишек', 4: 'До четырёх фишек' },
      },
    },
    hints: {
      lanes:
        'Дорожки: каждое число, выпавшее хотя бы дважды, двигает свою дорожку — пара +1, ' +
        'тройка +2, четыре +3, пять +4.',
      run: 'СТРИТ: малый стрит 1-2-3-4-5 двигает его на 2, большой 2-3-4-5-6 — на 3.',
      high: 'МНОГО: сумма ваших костей {total}; от 23 до 25 двигает на 2, 26 и больше — на 3.',
      low: 'МАЛО: сумма ваших костей {total}; от 10 до 12 двигает на 2, 9 и меньше — на 3.',
      tapAgain: 'Коснитесь ещё раз или нажмите «Подтвердить», чтобы сыграть.',
      confirm: 'Подтвердить: {play}',
    },
    board: {
      seats: ['Игрок 1', 'Игрок 2'],
      lanes: { run: 'Стрит', high: 'Много', low: 'Мало' },
      plays: {
        'play lanes': 'Дорожки',
        'play run': 'Стрит',
        'play high': 'Много',
        'play low': 'Мало',
      },
      playLanes: '{name}: {parts}',
      playOne: '{name} {part}',
      lanePart: '{lane} +{steps}',
      part: '+{steps}',
      toRed: '{part} (до красной)',
      redLeft: '◀ {seat}',
      redRight: '{seat} ▶',
      label: 'Дорожки «Квадрангла». {lanes}.',
      laneAt: 'дорожка {lane}: {at}',
      centre: 'середина',
      onRed: 'красная клетка: {seat}',
      toward: {
        one: 'на {n} клетку к игроку: {seat}',
        few: 'на {n} клетки к игроку: {seat}',
        many: 'на {n} клеток к игроку: {seat}',
        other: 'на {n} клетки к игроку: {seat}',
      },
      home: '{n}/{target} на красной',
      homeAria: 'фишек на своей красной клетке: {n} из {target}',
      diceGroup: 'Кости: нажмите на кость, чтобы оставить её при перебросе',
      playsGroup: 'Ходы',
      die: 'Кость {i}: {value}',
      dieKept: 'Кость {i}: {value}, оставлена',
      kept: 'ОСТАВИТЬ',
      dieRerolled: 'Кость {i}: {value}, будет переброшена',
      dieEmpty: 'Кость {i}: не брошена',
      roll: 'Бросить кости',
      noRerolls: 'Перебросов не осталось',
      reroll: {
        one: 'Перебросить {n} кость (бросок {roll} из 3)',
        few: 'Перебросить {n} кости (бросок {roll} из 3)',
        many: 'Перебросить {n} костей (бросок {roll} из 3)',
        other: 'Перебросить {n} кости (бросок {roll} из 3)',
      },
      keepFewer: 'Оставьте меньше костей, чтобы перебросить',
      pass: 'Пропустить — для этих костей хода нет',
      yourRoll: 'Ваш ход: бросьте кости.',
      mustPass: 'Для этих костей хода нет: пропустите.',
      pickOrReroll:
        'Бросок {n} из 3: выберите ход или нажмите на кости, чтобы оставить их и перебросить остальные.',
      lastRoll: 'Последний бросок: выберите ход.',
      target: 'Побеждает тот, кто первым соберёт {target} фишки на своих красных клетках.',
      rolled: 'бросок {dice}',
      rerolled: 'переброс {dice}',
      played: 'ход {play}',
      playedNames: { lanes: 'Дорожки', run: 'Стрит', high: 'Много', low: 'Мало' },
      lastMove: 'Последний ход: {what}. {note}',
      lastMovePassed: 'Последний ход: {what} — хода нет, очередь перешла. {note}',
    },
  },
};

// docs/rules.md §2's first worked example, each position reached by its record (checked against the
// server by the browser tests).
