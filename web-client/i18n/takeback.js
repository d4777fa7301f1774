// The words of takebacks by consent (common/takebacks.js, room/life.js, the lobby's create form
// and room list; PROTOCOL.md "takeback"), in a module of their own so that en.js and ru.js stay
// readable. They mount it (`takeback: TAKEBACK_TEXTS.en`, read with t('takeback.…')) and spread
// TAKEBACK_ERRORS into their `errors`, where every error code's words are (server_words.js); the
// catalogue's test checks both like any section.

export const TAKEBACK_TEXTS = {
  en: {
    // The life panel beside the board.
    life: {
      ask: 'Take back',
      asked: 'Takeback asked; waiting for {name}.',
      theyAsk: '{name} asks to take back their last move.',
      accept: 'Accept takeback',
      decline: 'Decline',
      // The Decline button's accessible name: a draw offer's Decline may stand beside it.
      declineName: 'Decline the takeback',
      // What became of the viewer's own request; {name} is the player who answered.
      yours: {
        accepted: 'Takeback accepted: {name} agreed, and it is your move again.',
        declined: 'Takeback declined: {name} keeps your move on the board.',
        lapsed: 'Your takeback lapsed: {name} moved.',
      },
      // What became of another player's request; {name} is the player who asked.
      theirs: {
        accepted: 'Takeback accepted: {name}’s last move is taken back.',
        declined: 'Takeback declined: {name}’s move stands.',
      },
    },
    // A takeback request's refusals whose words differ from the code's everywhere else.
    refused: {
      not_allowed:
        'This room does not allow takebacks, or your request is already waiting for an answer.',
    },
    // The lobby: the create form's box and the room list's marker.
    lobby: {
      allow: 'Allow takebacks',
      allowHelp:
        'A player may ask to take back their last move; the player to move accepts or declines. A casual 2-player game always allows it.',
      badge: 'Takebacks',
      badgeName: 'Takebacks allowed',
    },
  },
  ru: {
    life: {
      ask: 'Вернуть ход',
      asked: 'Вы попросили вернуть ход; ждём ответа игрока {name}.',
      theyAsk: '{name} просит вернуть свой последний ход.',
      accept: 'Разрешить вернуть ход',
      decline: 'Отклонить',
      declineName: 'Отклонить возврат хода',
      yours: {
        accepted: 'Возврат хода принят ({name}): снова ваш ход.',
        declined: 'Возврат хода отклонён ({name}): ваш ход остаётся на доске.',
        lapsed: 'Ваша просьба вернуть ход снята: {name} сделал(а) ход.',
      },
      theirs: {
        accepted: 'Возврат хода принят: последний ход игрока {name} отменён.',
        declined: 'Возврат хода отклонён: ход игрока {name} остаётся.',
      },
    },
    refused: {
      not_allowed: 'В этой комнате нельзя вернуть ход, или ваша просьба уже ждёт ответа.',
    },
    lobby: {
      allow: 'Разрешить возврат ходов',
      allowHelp:
        'Игрок может попросить вернуть свой последний ход; соперник, чья очередь ходить, соглашается или отказывает. В обычной партии на двоих это можно всегда.',
      badge: 'Возврат ходов',
      badgeName: 'Можно возвращать ходы',
    },
  },
};

// The words of the server's takeback error codes (PROTOCOL.md "Errors"), spread into `errors`.
export const TAKEBACK_ERRORS = {
  en: {
    no_takeback:
      'There is no move of yours to take back: you have not moved yet, or another player has moved since.',
    no_takeback_request: 'There is no takeback request for you to answer.',
  },
  ru: {
    no_takeback:
      'Возвращать нечего: вы ещё не ходили, или после вашего хода уже сходил другой игрок.',
    no_takeback_request: 'Нет просьбы вернуть ход, на которую вы могли бы ответить.',
  },
};
