// The words of this device's notifications settings (common/notifications_panel.js; PROTOCOL.md
// "Notifications (Web Push)"), in a module of their own so that en.js and ru.js stay readable.
// They mount it (`notifications: NOTIFICATION_TEXTS.en`, read with t('notifications.…')); the
// catalogue's test checks it like any section. What a notification itself says is in
// common/push_words.js, which the service worker loads too.

export const NOTIFICATION_TEXTS = {
  en: {
    // The account area's button and the panel it opens.
    open: 'Notifications',
    title: 'Notifications',
    intro:
      'Quadra can tell this device about your games and challenges while no Quadra page is on screen.',
    device: 'Notify me on this device',
    kindsLegend: 'Tell me about',
    kinds: {
      your_turn: 'My turn in slow games (an hour or more per move, or no clock)',
      challenge: 'Challenges to me, and mine accepted',
      offer: 'Draw and takeback offers',
      game_end: 'Game ends',
    },
    close: 'Close',
    // What the panel says in its status line.
    turningOn: 'Turning notifications on…',
    on: 'Notifications are on for this device.',
    off: 'Notifications are off for this device.',
    saved: 'Saved: this device is told about what is ticked.',
    atLeastOne: 'Choose at least one kind of news, or turn notifications off.',
    // Why notifications cannot work, or could not be turned on.
    problems: {
      insecure:
        'Notifications need HTTPS, or localhost: this page is not served securely, so the browser allows none.',
      unsupported:
        'This browser cannot show notifications from a web page (no service workers or no Push API).',
      denied:
        'Notifications are blocked for this site: allow them in the browser’s site settings, then try again.',
      dismissed: 'Notifications were not allowed, so they stay off.',
      no_worker: 'The page’s service worker is not running: reload the page and try again.',
      no_key: 'This server sends no notifications.',
      key_failed: 'The server’s notification key could not be loaded; please try again.',
      push_service: 'The browser cannot reach its push service (no network, or a private window).',
      offline: 'Not connected to the server; please try again once it is back.',
      renewal: 'Notifications could not be renewed on this device: {reason}',
    },
    // The server's refusals of `push_subscribe` whose words differ from the code's elsewhere.
    refused: {
      account_required: 'Notifications are for accounts: sign in first.',
      not_allowed:
        'This server sends no notifications, or your account has them on 20 devices already.',
      bad_field: 'The server does not take this browser’s subscription: {message}',
    },
  },
  ru: {
    open: 'Уведомления',
    title: 'Уведомления',
    intro:
      'Quadra может сообщать этому устройству о ваших партиях и вызовах, пока ни одна страница Quadra не открыта на экране.',
    device: 'Уведомлять меня на этом устройстве',
    kindsLegend: 'Сообщать о том, что',
    kinds: {
      your_turn: 'мой ход в неспешных партиях (час и больше на ход или без часов)',
      challenge: 'меня вызвали или приняли мой вызов',
      offer: 'мне предлагают ничью или просят вернуть ход',
      game_end: 'партия окончена',
    },
    close: 'Закрыть',
    turningOn: 'Включаем уведомления…',
    on: 'Уведомления на этом устройстве включены.',
    off: 'Уведомления на этом устройстве выключены.',
    saved: 'Сохранено: это устройство узнаёт об отмеченном.',
    atLeastOne: 'Отметьте хотя бы что-нибудь одно или выключите уведомления.',
    problems: {
      insecure:
        'Уведомлениям нужен HTTPS или localhost: эта страница открыта без защищённого соединения, и браузер их не разрешает.',
      unsupported:
        'Этот браузер не умеет показывать уведомления веб-страниц (нет service worker или Push API).',
      denied:
        'Уведомления для этого сайта запрещены: разрешите их в настройках сайта в браузере и попробуйте снова.',
      dismissed: 'Уведомления не разрешены, поэтому они остаются выключенными.',
      no_worker: 'Service worker страницы не запущен: перезагрузите страницу и попробуйте снова.',
      no_key: 'Этот сервер не отправляет уведомлений.',
      key_failed: 'Не удалось получить ключ уведомлений сервера; попробуйте ещё раз.',
      push_service:
        'Браузер не может связаться со своим push-сервисом (нет сети или это приватное окно).',
      offline: 'Нет связи с сервером; попробуйте ещё раз, когда она появится.',
      renewal: 'Не удалось обновить уведомления на этом устройстве: {reason}',
    },
    refused: {
      account_required: 'Уведомления — для аккаунтов: сначала войдите.',
      not_allowed:
        'Этот сервер не отправляет уведомлений, или у вашего аккаунта они уже включены на 20 устройствах.',
      bad_field: 'Сервер не принимает подписку этого браузера: {message}',
    },
  },
};
