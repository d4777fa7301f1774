// The words of "your turn, everywhere" (an account's games waiting for its move: the header's
// badge and its announcement, common/turn_badge.js; the marker and the time left in the lobby's
// "your games", lobby/your_games.js and common/time_left.js), in a module of their own so that
// en.js and ru.js stay readable. They mount it (`turns: TURNS_TEXTS.en`, read with
// t('turns.…') and tn('turns.…', n)); the catalogue's test checks it like any section.

export const TURNS_TEXTS = {
  en: {
    // The header's badge: its visible words, and its accessible name, which starts with them.
    badge: 'Your turn: {n}',
    badgeName: {
      one: 'Your turn: {n} — {n} game waits for your move. Show your games',
      other: 'Your turn: {n} — {n} games wait for your move. Show your games',
    },
    // Said politely when the count goes up.
    announce: {
      one: 'Your turn in {n} game.',
      other: 'Your turn in {n} games.',
    },
    // The lobby's "your games": the marker of a game waiting for the account's move.
    marker: 'Your turn',
    resumeLabel: 'Resume {title} in room {room}: your turn',
    // The time left on the game's clock before it runs out.
    timeUp: 'time is up',
    minutesLeft: { one: '{n} minute left', other: '{n} minutes left' },
    hoursLeft: '{h} h left',
    hoursMinutesLeft: '{h} h {m} min left',
    daysLeft: { one: '{n} day left', other: '{n} days left' },
  },
  ru: {
    badge: 'Ваш ход: {n}',
    badgeName: {
      one: 'Ваш ход: {n} — {n} партия ждёт вашего хода. Показать ваши партии',
      few: 'Ваш ход: {n} — {n} партии ждут вашего хода. Показать ваши партии',
      many: 'Ваш ход: {n} — {n} партий ждут вашего хода. Показать ваши партии',
      other: 'Ваш ход: {n} — {n} партии ждут вашего хода. Показать ваши партии',
    },
    announce: {
      one: 'Ваш ход в {n} партии.',
      few: 'Ваш ход в {n} партиях.',
      many: 'Ваш ход в {n} партиях.',
      other: 'Ваш ход в {n} партии.',
    },
    marker: 'Ваш ход',
    resumeLabel: 'Продолжить игру «{title}» в комнате {room}: ваш ход',
    timeUp: 'время вышло',
    minutesLeft: {
      one: 'осталась {n} минута',
      few: 'осталось {n} минуты',
      many: 'осталось {n} минут',
      other: 'осталось {n} минуты',
    },
    hoursLeft: 'осталось {h} ч',
    hoursMinutesLeft: 'осталось {h} ч {m} мин',
    daysLeft: {
      one: 'остался {n} день',
      few: 'осталось {n} дня',
      many: 'осталось {n} дней',
      other: 'осталось {n} дня',
    },
  },
};
