// The words of /mod's "Close a room" form and of its entries in the audit log
// (mod/mod_close_room.js, close_room_words.js; PROTOCOL.md "close_room"), in a module of their
// own so that moderation.js stays readable. moderation.js mounts them (`closeRoom: CLOSE_ROOM_TEXTS.en`), so they are read
// with t('moderation.closeRoom.…') and checked by the catalogue's test like any section.

export const CLOSE_ROOM_TEXTS = {
  en: {
    title: 'Close a room',
    intro:
      'Ends a game that is being played at once, for everyone in the room. With no result nobody wins and nobody loses; a game of only a few moves can be aborted instead. The log keeps your reason.',
    room: 'Room code or link',
    roomHint: 'Like K7QM3X, or the room’s address.',
    ending: 'Ending',
    endings: {
      no_result: 'No result',
      aborted: 'Abort',
    },
    endingHints: {
      no_result: 'The game ends with no winner; it stays in the players’ games.',
      aborted: 'Only while the game has few moves, as if it was started by mistake.',
    },
    submit: 'Close the room',
    needRoom: 'Type the room’s code.',
    done: {
      no_result: 'Room {room} is closed: the game ended with no result.',
      aborted: 'Room {room} is closed: the game is aborted.',
    },
    notAllowed: 'Not allowed: you are no longer a moderator.',
    notAllowedAbort:
      'Not allowed: the game in room {room} has too many moves to be aborted (close it with no result instead), or you are no longer a moderator.',
    notStarted: 'Room {room} is still waiting for players: there is no game to close.',
    gameOver: 'The game in room {room} is over already.',
    noSuchRoom: 'There is no room {room}.',
    badRoom: 'Not a room code: a code is like K7QM3X.',
    redirected:
      'Room {room} is played on another server of the cluster; it could not be closed from here.',
    // The audit log's entry (mod/mod_tables.js): its target and what it ended with.
    logRoom: 'room {room}',
    logEndings: {
      no_result: 'no result',
      aborted: 'aborted',
    },
  },
  ru: {
    title: 'Закрыть комнату',
    intro:
      'Сразу завершает идущую партию для всех в комнате. Без результата — никто не выигрывает и не проигрывает; партию всего из нескольких ходов можно вместо этого отменить. Ваша причина останется в журнале.',
    room: 'Код комнаты или ссылка',
    roomHint: 'Например K7QM3X или адрес комнаты.',
    ending: 'Как завершить',
    endings: {
      no_result: 'Без результата',
      aborted: 'Отменить партию',
    },
    endingHints: {
      no_result: 'Партия завершается без победителя и остаётся в списке партий игроков.',
      aborted: 'Только пока в партии мало ходов, например если её начали по ошибке.',
    },
    submit: 'Закрыть комнату',
    needRoom: 'Введите код комнаты.',
    done: {
      no_result: 'Комната {room} закрыта: партия завершена без результата.',
      aborted: 'Комната {room} закрыта: партия отменена.',
    },
    notAllowed: 'Нельзя: вы больше не модератор.',
    notAllowedAbort:
      'Нельзя: в партии в комнате {room} слишком много ходов, чтобы её отменить (закройте её без результата), или вы больше не модератор.',
    notStarted: 'Комната {room} ещё ждёт игроков: закрывать нечего.',
    gameOver: 'Партия в комнате {room} уже окончена.',
    noSuchRoom: 'Комнаты {room} нет.',
    badRoom: 'Это не код комнаты: код выглядит так: K7QM3X.',
    redirected: 'Комната {room} на другом сервере кластера; закрыть её отсюда не получилось.',
    logRoom: 'комната {room}',
    logEndings: {
      no_result: 'без результата',
      aborted: 'отменена',
    },
  },
};
