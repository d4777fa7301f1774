// A notification's words (PROTOCOL.md "Notifications (Web Push)"): what a push message, or the
// news a hidden tab hears (common/background_news.js), says in English or Russian, with its tag
// (the room, else the challenge: a later notification of the same thing replaces the earlier
// one, and a tab's and a push's of the same news make one) and the page a click opens.
//
// A classic script, not a module, and pure: the offline worker (offline_worker.js, a classic
// service worker so that every browser keeps it) loads it with importScripts, and a page or a
// test imports it for its side effect; each then reads `globalThis.QuadraPush`. That is why its
// words are here and not in i18n/: a classic worker cannot import the catalogues. The page
// writes the words' settings (its language and the games' titles in it) where the worker finds
// them (common/push_device.js); a worker without them speaks the browser's language.

(function (scope) {
  'use strict';

  const TEXTS = {
    en: {
      // Where the news is: the game's title when known, and the room.
      where: '{game}, room {room}',
      whereRoom: 'Room {room}',
      someone: 'Someone',
      your_turn: { title: 'Your turn', body: '{where}: the game waits for your move.' },
      draw: { title: 'Draw offered', body: '{where}: your opponent offers a draw.' },
      takeback: {
        title: 'Takeback asked',
        body: '{where}: your opponent asks to take back a move.',
      },
      game_end: { title: 'Game over', body: '{where}: the game has ended.' },
      challenge: {
        title: 'New challenge',
        body: '{name} challenges you to a game of {game}.',
        bodyNoGame: '{name} challenges you to a game.',
      },
      accepted: {
        title: 'Challenge accepted',
        body: '{name} accepted your challenge: {where}.',
      },
    },
    ru: {
      where: '{game}, комната {room}',
      whereRoom: 'Комната {room}',
      someone: 'Кто-то',
      your_turn: { title: 'Ваш ход', body: '{where}: партия ждёт вашего хода.' },
      draw: { title: 'Предложена ничья', body: '{where}: соперник предлагает ничью.' },
      takeback: {
        title: 'Просьба вернуть ход',
        body: '{where}: соперник просит вернуть ход.',
      },
      game_end: { title: 'Партия окончена', body: '{where}: партия окончена.' },
      challenge: {
        title: 'Новый вызов',
        body: '{name} вызывает вас на партию: {game}.',
        bodyNoGame: '{name} вызывает вас на партию.',
      },
      accepted: {
        title: 'Вызов принят',
        body: '{name} принял(а) ваш вызов: {where}.',
      },
    },
  };

  // The kinds of news a device may ask for (`push_subscribe`'s `kinds`), in the settings' order.
  const KINDS = ['your_turn', 'challenge', 'offer', 'game_end'];

  const ROOM_CODE = /^[A-Za-z0-9]{1,64}$/;

  // The first of the language tags `tags` (navigator.languages) whose words are here; English.
  function languageOf(tags) {
    for (const tag of tags || []) {
      const base = String(tag).toLowerCase().split('-')[0];
      if (Object.prototype.hasOwnProperty.call(TEXTS, base)) return base;
    }
    return 'en';
  }

  function fill(template, params) {
    return template.replace(/\{([a-z_]+)\}/gi, (whole, key) =>
      Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole,
    );
  }

  // The page of `message`'s news: its room's (/r/<code>), else the lobby's.
  function pagePath(message) {
    const room = message && message.room;
    return typeof room === 'string' && ROOM_CODE.test(room) ? `/r/${room.toUpperCase()}` : '/';
  }

  // The notification's tag: its room, else its challenge, else its kind.
  function tagOf(message) {
    if (typeof message.room === 'string' && message.room) return message.room;
    if (message.challenge !== undefined && message.challenge !== null) {
      return String(message.challenge);
    }
    return String(message.kind);
  }

  // Which words of `words` say `message`: an offer's by what it offers, a challenge with a room
  // (one's own, accepted) as `accepted`. Null for news this client does not know.
  function entryOf(words, message) {
    if (message.kind === 'offer') {
      return message.offer === 'draw' || message.offer === 'takeback' ? words[message.offer] : null;
    }
    if (message.kind === 'challenge') return message.room ? words.accepted : words.challenge;
    return KINDS.includes(message.kind) ? words[message.kind] : null;
  }

  // The notification of push message `message` ({kind, room?, game?, from?, challenge?, offer?})
  // as { title, body, tag, url }, in `settings.language` (English when it has no words here),
  // the game named by `settings.games` (id → title); null for news this client does not know.
  function notificationOf(message, settings) {
    if (!message || typeof message !== 'object') return null;
    const { language = 'en', games = {} } = settings || {};
    const words = TEXTS[language] || TEXTS.en;
    const entry = entryOf(words, message);
    if (!entry) return null;
    const game =
      typeof message.game === 'string' && Object.prototype.hasOwnProperty.call(games, message.game)
        ? String(games[message.game])
        : '';
    const room = typeof message.room === 'string' ? message.room : '';
    const where = game ? fill(words.where, { game, room }) : fill(words.whereRoom, { room });
    const name = typeof message.from === 'string' && message.from ? message.from : words.someone;
    const template = !game && entry.bodyNoGame ? entry.bodyNoGame : entry.body;
    return {
      title: entry.title,
      body: fill(template, { where, game, room, name }),
      tag: tagOf(message),
      url: pagePath(message),
    };
  }

  scope.QuadraPush = Object.freeze({ TEXTS, KINDS, languageOf, notificationOf, pagePath });
})(globalThis);
