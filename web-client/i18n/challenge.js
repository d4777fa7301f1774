// The words of challenges and correspondence seeks (PROTOCOL.md "Challenges"): the challenge
// form (common/challenge_form.js) on a profile page, the leaderboards and the finished games in
// "Your games", the lobby's challenges panel (lobby/challenges.js) and open challenges
// (lobby/open_challenges.js), the Play now form's correspondence seek, and the refusals
// (common/challenge_words.js), in a module of their own so that en.js and ru.js stay readable. They mount it (`challenge: CHALLENGE_TEXTS.en`, read with
// t('challenge.…')) and spread CHALLENGE_ERRORS into their `errors`, where every error code's
// words are (server_words.js); the catalogue's test checks both like any section.

export const CHALLENGE_TEXTS = {
  en: {
    // The challenge form.
    form: {
      open: 'Challenge',
      openName: 'Challenge {name} to a game',
      title: 'Challenge {name}',
      intro: 'Offer {name} a game for two players; they accept or decline it.',
      game: 'Game',
      fixed: '{label}: {value} — a challenge is a game for two.',
      clock: 'Clock',
      clockHelp:
        'A live clock waits 10 minutes for the answer; a day or more per move (correspondence) or no clock waits 3 days.',
      live: 'Live',
      correspondence: 'Correspondence',
      rated: 'Rated',
      ratedHelp: 'The result changes both players’ ratings.',
      send: 'Send challenge',
      cancel: 'Cancel',
      sent: 'Challenge sent to {name}: {terms}. You will see the answer in the lobby.',
      noGames: 'The games could not be loaded; please try again.',
    },
    // A finished game's button in the lobby's "Your games" (lobby/your_games_challenge.js).
    yourGames: {
      open: 'Challenge {name}',
      openName: 'Challenge {name} to a new game: your opponent in {title}, {players}',
    },
    // Clock choices of their own (the others are the create form's, `clock.choices`).
    clocks: {
      blitz5: '5 min + 3 s',
      days3: '3 days per move',
      days7: '7 days per move',
    },
    // A challenge's terms in words.
    terms: {
      daysPerMove: { one: '{n} day per move', other: '{n} days per move' },
      takebacks: 'takebacks allowed',
    },
    // The lobby's challenges panel.
    panel: {
      title: 'Challenges',
      intro:
        'Challenge a player from their profile page, from the leaderboards or from one of your finished games.',
      incoming: 'Challenges to you',
      noIncoming: 'Nobody is challenging you just now.',
      outgoing: 'Your challenges',
      noOutgoing: 'You have no challenges out.',
      from: 'From {name}',
      to: 'To {name}',
      toAnyone: 'Open to anyone',
      accept: 'Accept',
      acceptName: 'Accept the challenge of {name}: {title}',
      reasonName: 'Your reason for declining the challenge of {name}',
      decline: 'Decline',
      declineName: 'Decline the challenge of {name}: {title}',
      cancel: 'Cancel',
      cancelName: 'Cancel your challenge: {title}',
      openGame: 'Open game',
      openGameName: 'Open game in room {room}',
      policy: 'Accept challenges from',
      policyHelp: 'Open challenges in the lobby are for everyone, whatever you choose here.',
      policies: {
        all: 'everyone',
        rated: 'rated games only',
        none: 'nobody',
      },
      policySaved: 'You accept challenges from: {policy}.',
    },
    // The reasons for declining, as the challenged player chooses them.
    reasons: {
      generic: 'No reason given',
      later: 'Not now, maybe later',
      too_fast: 'The clock is too fast',
      too_slow: 'The clock is too slow',
      rated: 'I want a rated game',
      casual: 'I want a casual game',
      game: 'Not this game',
    },
    // What became of one's own challenge; {name} is the other player.
    status: {
      waiting: 'Waiting for {name} to answer.',
      listed: 'Listed under Open challenges until someone accepts it.',
      accepted: '{name} accepted: the game is in room {room}.',
      cancelled: 'You cancelled it.',
      expired: 'Nobody answered in time: it expired.',
      // Declined, with the reason the challenged player chose.
      declined: {
        generic: '{name} declined.',
        later: '{name} declined: not now, maybe later.',
        too_fast: '{name} declined: the clock is too fast for them.',
        too_slow: '{name} declined: the clock is too slow for them.',
        rated: '{name} declined: they want a rated game.',
        casual: '{name} declined: they want a casual game.',
        game: '{name} declined: not this game.',
      },
    },
    // Said when one's own challenge is accepted.
    news: {
      accepted: '{name} accepted your challenge: the game is in room {room}.',
      opening: '{name} accepted your challenge: opening the game in room {room}.',
    },
    // The lobby's open challenges (correspondence seeks).
    open: {
      title: 'Open challenges',
      intro: 'Correspondence games offered to anyone, a day or more per move.',
      none: 'No open challenges.',
      accept: 'Accept',
      acceptName: 'Accept the open challenge of {name}: {title}',
      signIn: 'Sign in to accept an open challenge.',
      yours: 'your challenge',
      cancel: 'Cancel',
      cancelName: 'Cancel your open challenge: {title}',
      until: 'open until {time}',
    },
    // The Play now form's correspondence seek.
    playNow: {
      listed:
        'Your correspondence seek is listed under Open challenges until someone accepts it; you will see the answer in the lobby.',
      correspondenceHelp:
        'With a day or more per move the seek stays listed while you are away; it needs an account.',
    },
    // Refusals whose words differ from the code's everywhere else.
    refused: {
      account_required: 'Challenges and correspondence games need an account: sign in first.',
      not_allowed:
        'That challenge is not possible: the player takes no challenges, or rated ones only.',
      bad_options: 'A challenge is a game for two players.',
    },
  },
  ru: {
    form: {
      open: 'Вызвать',
      openName: 'Вызвать игрока {name} на партию',
      title: 'Вызов игроку {name}',
      intro: 'Предложите игроку {name} партию на двоих; он примет вызов или откажется.',
      game: 'Игра',
      fixed: '{label}: {value} — вызов всегда на двоих.',
      clock: 'Часы',
      clockHelp:
        'Вызов с живыми часами ждёт ответа 10 минут; с днём и больше на ход (по переписке) или без часов — 3 дня.',
      live: 'Живые часы',
      correspondence: 'По переписке',
      rated: 'На рейтинг',
      ratedHelp: 'Результат меняет рейтинги обоих игроков.',
      send: 'Отправить вызов',
      cancel: 'Отмена',
      sent: 'Вызов отправлен игроку {name}: {terms}. Ответ вы увидите в лобби.',
      noGames: 'Не удалось загрузить список игр; попробуйте ещё раз.',
    },
    yourGames: {
      open: 'Вызвать {name}',
      openName: 'Вызвать {name} на новую партию: ваш соперник в игре «{title}», {players}',
    },
    clocks: {
      blitz5: '5 мин + 3 с',
      days3: '3 дня на ход',
      days7: '7 дней на ход',
    },
    terms: {
      daysPerMove: {
        one: '{n} день на ход',
        few: '{n} дня на ход',
        many: '{n} дней на ход',
        other: '{n} дня на ход',
      },
      takebacks: 'можно возвращать ходы',
    },
    panel: {
      title: 'Вызовы',
      intro:
        'Вызвать игрока можно с его страницы, из таблицы лидеров или из ваших сыгранных партий.',
      incoming: 'Вызовы вам',
      noIncoming: 'Сейчас вас никто не вызывает.',
      outgoing: 'Ваши вызовы',
      noOutgoing: 'Вы никого не вызвали.',
      from: 'От игрока {name}',
      to: 'Игроку {name}',
      toAnyone: 'Открыт для всех',
      accept: 'Принять',
      acceptName: 'Принять вызов игрока {name}: {title}',
      reasonName: 'Причина отказа на вызов игрока {name}',
      decline: 'Отклонить',
      declineName: 'Отклонить вызов игрока {name}: {title}',
      cancel: 'Отменить',
      cancelName: 'Отменить ваш вызов: {title}',
      openGame: 'Открыть партию',
      openGameName: 'Открыть партию в комнате {room}',
      policy: 'Принимать вызовы',
      policyHelp: 'Открытые вызовы в лобби доступны всем, что бы вы здесь ни выбрали.',
      policies: {
        all: 'от всех',
        rated: 'только на рейтинг',
        none: 'ни от кого',
      },
      policySaved: 'Вы принимаете вызовы: {policy}.',
    },
    reasons: {
      generic: 'Без причины',
      later: 'Не сейчас, может быть позже',
      too_fast: 'Слишком быстрые часы',
      too_slow: 'Слишком медленные часы',
      rated: 'Хочу на рейтинг',
      casual: 'Хочу без рейтинга',
      game: 'Не эта игра',
    },
    status: {
      waiting: 'Ждём ответа игрока {name}.',
      listed: 'Виден в открытых вызовах, пока его кто-нибудь не примет.',
      accepted: '{name} принял(а) вызов: партия в комнате {room}.',
      cancelled: 'Вы отменили вызов.',
      expired: 'Никто не ответил вовремя: вызов истёк.',
      declined: {
        generic: '{name} отклонил(а) вызов.',
        later: '{name} отклонил(а) вызов: не сейчас, может быть позже.',
        too_fast: '{name} отклонил(а) вызов: часы слишком быстрые.',
        too_slow: '{name} отклонил(а) вызов: часы слишком медленные.',
        rated: '{name} отклонил(а) вызов: хочет играть на рейтинг.',
        casual: '{name} отклонил(а) вызов: хочет играть без рейтинга.',
        game: '{name} отклонил(а) вызов: не эта игра.',
      },
    },
    news: {
      accepted: '{name} принял(а) ваш вызов: партия в комнате {room}.',
      opening: '{name} принял(а) ваш вызов: открываем партию в комнате {room}.',
    },
    open: {
      title: 'Открытые вызовы',
      intro: 'Партии по переписке для всех желающих: день и больше на ход.',
      none: 'Открытых вызовов нет.',
      accept: 'Принять',
      acceptName: 'Принять открытый вызов игрока {name}: {title}',
      signIn: 'Войдите, чтобы принять открытый вызов.',
      yours: 'ваш вызов',
      cancel: 'Отменить',
      cancelName: 'Отменить ваш открытый вызов: {title}',
      until: 'открыт до {time}',
    },
    playNow: {
      listed:
        'Ваша заявка по переписке видна в открытых вызовах, пока её кто-нибудь не примет; ответ вы увидите в лобби.',
      correspondenceHelp:
        'С днём и больше на ход заявка остаётся в списке, пока вас нет; для неё нужен аккаунт.',
    },
    refused: {
      account_required: 'Для вызовов и игры по переписке нужен аккаунт: войдите.',
      not_allowed:
        'Такой вызов невозможен: игрок не принимает вызовов или принимает только на рейтинг.',
      bad_options: 'Вызов — это партия на двоих.',
    },
  },
};

// The words of the server's challenge error codes (PROTOCOL.md "Errors added by challenges"),
// spread into `errors`.
export const CHALLENGE_ERRORS = {
  en: {
    no_such_challenge:
      'That challenge is no longer open: it was answered, cancelled or has expired.',
    too_many_challenges: 'You have too many open challenges: cancel one first.',
  },
  ru: {
    no_such_challenge: 'Этот вызов уже закрыт: на него ответили, его отменили или он истёк.',
    too_many_challenges: 'У вас слишком много открытых вызовов: сначала отмените один из них.',
  },
};
