// This device's notifications (PROTOCOL.md "Notifications (Web Push)") against the real server,
// with the offline worker running as the one service worker. A guest has no Notifications in
// the account area; an account has them, and the browser's permission is not asked until the
// player turns them on. With the permission given, turning them on fetches the server's key and
// reaches pushManager.subscribe, which cannot reach a push service here (a headless, private
// context with no internet): the panel says so and the server is sent nothing. A tab hidden
// from view (its visibilityState made 'hidden') tells its own news — its turn in a day-per-move
// game, a new challenge — through the worker's registration, tagged as a push of the same news
// would be; a push delivered to the worker (DevTools' ServiceWorker.deliverPushMessage) is worded
// in the page's language and replaces it, and shows nothing while a page of the site is on
// screen. In English and in Russian.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browserSuite,
  createRoom,
  installWsClient,
  joinByCode,
  online,
  screenshot,
  seriousViolations,
  waitUntil,
} from './harness.js';
import { signUp } from './account_fixture.js';

const suite = browserSuite();
const withWorker = (locale) => ({ device: { locale, serviceWorkers: 'allow' } });

// What the panel and the notifications say (web-client/i18n/notifications.js,
// web-client/common/push_words.js).
const WORDS = {
  en: {
    open: 'Notifications',
    device: 'Notify me on this device',
    legend: 'Tell me about',
    kinds: [
      'My turn in slow games (an hour or more per move, or no clock)',
      'Challenges to me, and mine accepted',
      'Draw and takeback offers',
      'Game ends',
    ],
    off: 'Notifications are off for this device.',
    denied:
      'Notifications are blocked for this site: allow them in the browser’s site settings, then try again.',
    dismissed: 'Notifications were not allowed, so they stay off.',
    atLeastOne: 'Choose at least one kind of news, or turn notifications off.',
    pushService: 'The browser cannot reach its push service (no network, or a private window).',
    renewal: (reason) => `Notifications could not be renewed on this device: ${reason}`,
    on: 'Notifications are on for this device.',
    yourTurn: ['Your turn', (room) => `Kvadratura, room ${room}: the game waits for your move.`],
    challenge: ['New challenge', (name) => `${name} challenges you to a game of Kvadratura.`],
    gameEnd: ['Game over', (room) => `Kvadratura, room ${room}: the game has ended.`],
  },
  ru: {
    open: 'Уведомления',
    device: 'Уведомлять меня на этом устройстве',
    legend: 'Сообщать о том, что',
    kinds: [
      'мой ход в неспешных партиях (час и больше на ход или без часов)',
      'меня вызвали или приняли мой вызов',
      'мне предлагают ничью или просят вернуть ход',
      'партия окончена',
    ],
    off: 'Уведомления на этом устройстве выключены.',
    pushService:
      'Браузер не может связаться со своим push-сервисом (нет сети или это приватное окно).',
    renewal: (reason) => `Не удалось обновить уведомления на этом устройстве: ${reason}`,
    on: 'Уведомления на этом устройстве включены.',
    challenge: ['Новый вызов', (name) => `${name} вызывает вас на партию: Квадратура.`],
    gameEnd: ['Партия окончена', (room) => `Квадратура, комната ${room}: партия окончена.`],
  },
};

const panel = (page) => page.locator('#notifications-panel');
// Chromium's own console error when pushManager.subscribe is called in a private context (every
// Playwright context is one): the browser's, not the page's.
const ownProblems = (problems) =>
  problems.filter((problem) => !problem.includes('does not support the Push API in incognito'));
const trimmed = async (locator) => (await locator.textContent()).trim();
const permission = (page) => page.evaluate(() => Notification.permission);

// Waits until the offline worker controls the page.
async function workerControls(page) {
  await waitUntil(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
    what: 'the service worker controls the page',
  });
}

// The notifications the worker's registration shows, as plain objects.
function notificationsShown(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
  });
}

// The notification tagged `tag` the registration shows (null: none). Read once, when it is
// known to be shown: Chromium's getNotifications() drops a notification being shown meanwhile
// from its list for good (it syncs its list with the notifications on screen), so it is never
// polled.
async function notificationTagged(page, tag) {
  return (await notificationsShown(page)).find((n) => n.tag === tag) || null;
}

// Waits until the hidden tab has shown a notification tagged `tag` (its showNotification call
// settled, as onAndHidden records them); returns it.
async function tabNotification(page, tag) {
  await waitUntil(() => page.evaluate((t) => window.notifiedTags.includes(t), tag), {
    what: `the tab’s notification tagged ${tag}`,
  });
  return notificationTagged(page, tag);
}

// Keeps this device's notifications on for `account` in the page's localStorage, as turning
// them on would, with the permission given; the page is loaded again (its welcome renews them,
// which fails here: no push service), and hidden from view.
async function onAndHidden({ context, page }, account) {
  await context.grantPermissions(['notifications'], { origin: suite.server.url });
  await page.evaluate((name) => {
    const kinds = ['your_turn', 'challenge', 'offer', 'game_end'];
    localStorage.setItem(
      'quadra.notifications',
      JSON.stringify({ on: true, account: name, kinds }),
    );
  }, account);
  // The tags of the notifications the page has shown, once each is (the browser's own call, only
  // watched).
  await page.addInitScript(() => {
    window.notifiedTags = [];
    if (!('ServiceWorkerRegistration' in window)) return; // about:blank
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      return show.call(this, title, options).then((done) => {
        window.notifiedTags.push(options.tag);
        return done;
      });
    };
  });
  await page.reload();
  await online(page);
  await page.locator('#account-user', { hasText: account }).waitFor();
  await workerControls(page);
  await page.evaluate(() =>
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }),
  );
}

// `account`'s session token, from its page.
const tokenOf = (page) => page.evaluate(() => localStorage.getItem('quadra.token'));

// Sends a challenge to `to` from `from`'s page (as that account, through a WebSocket of its
// own); resolves with its id.
async function challenge(fromPage, to) {
  await installWsClient(fromPage);
  const token = await tokenOf(fromPage);
  return fromPage.evaluate(
    async ({ name, token: session }) => {
      const client = window.wsClient('challenger', session);
      await client.ready;
      const sent = await client.request({
        type: 'challenge',
        to: name,
        game: 'kvadratura',
        options: { size: 4 },
        clock: { type: 'per_move', seconds: 259200 },
      });
      client.ws.close();
      return sent.challenge.challenge;
    },
    { name: to, token },
  );
}

// Delivers push message `message` to the context's service worker as its push service would
// (DevTools' ServiceWorker.deliverPushMessage, answered once the worker has handled it).
async function deliverPush({ context, page }, message) {
  const cdp = await context.newCDPSession(page);
  const registrations = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
    registrations.push(...event.registrations.filter((r) => !r.isDeleted)),
  );
  await cdp.send('ServiceWorker.enable');
  await waitUntil(async () => registrations.length > 0, { what: 'the worker’s registration' });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(suite.server.url).origin,
    registrationId: registrations[0].registrationId,
    data: JSON.stringify(message),
  });
  await cdp.detach();
}

// The panel's words and boxes in `words`' language, off, every kind ticked.
async function panelShownOff(page, words) {
  await page.click('#notifications-open');
  await panel(page).waitFor();
  assert.equal(await trimmed(panel(page).locator('h2')), words.open);
  assert.equal(await trimmed(page.locator('label[for="notify-device"]')), words.device);
  assert.equal(await page.locator('#notify-device').isChecked(), false);
  assert.equal(await trimmed(panel(page).locator('legend')), words.legend);
  const kinds = panel(page).locator('fieldset label');
  assert.deepEqual(
    (await kinds.allTextContents()).map((s) => s.trim()),
    words.kinds,
  );
  for (const box of await panel(page).locator('fieldset input').all()) {
    assert.equal(await box.isChecked(), true);
  }
  assert.equal(await trimmed(page.locator('#notifications-status')), words.off);
}

describe('notifications (Web Push)', () => {
  test('a guest has none; an account has the panel, and nothing is asked before it is used', async () => {
    const { page, problems } = await suite.open(withWorker('en-US'));
    assert.equal(await page.locator('#notifications-open').isVisible(), false);
    assert.equal(await panel(page).count(), 0);
    assert.equal(await permission(page), 'default');

    await signUp(page, 'Ann');
    const open = page.locator('#notifications-open');
    assert.equal(await trimmed(open), WORDS.en.open);
    await panelShownOff(page, WORDS.en);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'notify-device');
    // Signed up and the panel open: the browser has asked nothing.
    assert.equal(await permission(page), 'default');
    assert.equal(
      await page.evaluate(
        async () => (await navigator.permissions.query({ name: 'notifications' })).state,
      ),
      'prompt',
    );
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'notifications-panel');

    // The kinds are kept on this device; the last one cannot go.
    for (const kind of ['challenge', 'offer', 'game_end']) await page.click(`#notify-kind-${kind}`);
    await waitUntil(
      async () =>
        (await trimmed(page.locator('#notifications-status'))) ===
        'Saved: this device is told about what is ticked.',
    );
    await page.click('#notify-kind-your_turn');
    assert.equal(await page.locator('#notify-kind-your_turn').isChecked(), true);
    assert.equal(await trimmed(page.locator('#notifications-error')), WORDS.en.atLeastOne);
    assert.deepEqual(
      await page.evaluate(() => JSON.parse(localStorage.getItem('quadra.notifications'))),
      { on: false, account: null, kinds: ['your_turn'] },
    );

    // Escape closes the panel; the focus goes back to its button.
    await page.focus('#notify-kind-offer');
    await page.keyboard.press('Escape');
    assert.equal(await panel(page).count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'notifications-open');
    assert.equal(await permission(page), 'default');

    // Turning them on asks, now; the browser (headless, nobody to answer) does not allow them.
    await page.keyboard.press('Enter');
    await page.locator('#notify-device').focus();
    await page.keyboard.press('Space');
    await waitUntil(async () => (await trimmed(page.locator('#notifications-error'))) !== '', {
      what: 'the refusal said',
    });
    const refused = await permission(page);
    assert.equal(
      await trimmed(page.locator('#notifications-error')),
      refused === 'denied' ? WORDS.en.denied : WORDS.en.dismissed,
    );
    assert.equal(await page.locator('#notify-device').isChecked(), false);
    assert.equal(await trimmed(page.locator('#notifications-status')), WORDS.en.off);
    assert.deepEqual(ownProblems(problems), []);
  });

  test('turned on with the permission given: the push service cannot be reached, said, and nothing sent', async () => {
    const opened = await suite.open(withWorker('en-US'));
    const { context, page, problems } = opened;
    await signUp(page, 'Bea');
    await workerControls(page);
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
    // What the page sends and asks from here on (its WebSocket opens again with the reload).
    const sent = [];
    const received = [];
    const asked = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => sent.push(String(frame.payload)));
      ws.on('framereceived', (frame) => received.push(String(frame.payload)));
    });
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.reload();
    await online(page);
    await page.locator('#account-user', { hasText: 'Bea' }).waitFor();
    assert.equal(await permission(page), 'granted');

    await panelShownOff(page, WORDS.en);
    await page.click('#notify-device');
    await waitUntil(
      async () =>
        (await panel(page).getAttribute('data-state')) !== 'busy' &&
        (await panel(page).getAttribute('aria-busy')) === null,
      { what: 'the turning on to end', timeout: 45000 },
    );
    assert.ok(asked.includes('/api/push/key'), 'the server’s key was fetched');
    assert.ok(
      sent.some((frame) => frame.includes('"hello"')),
      'the page’s WebSocket is watched',
    );
    const settings = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('quadra.notifications') || 'null'),
    );
    if ((await panel(page).getAttribute('data-state')) === 'off') {
      // pushManager.subscribe failed: said, the box unticked, and the server told nothing.
      assert.equal(await trimmed(page.locator('#notifications-error')), WORDS.en.pushService);
      assert.equal(await trimmed(page.locator('#notifications-status')), WORDS.en.off);
      assert.equal(await page.locator('#notify-device').isChecked(), false);
      assert.equal(settings, null, 'nothing kept');
      assert.deepEqual(
        sent.filter((frame) => frame.includes('push_subscribe')),
        [],
        'no push_subscribe sent',
      );
    } else {
      // The browser reached a push service after all: the server has the subscription.
      assert.equal(await trimmed(page.locator('#notifications-status')), WORDS.en.on);
      assert.equal(await page.locator('#notify-device').isChecked(), true);
      assert.deepEqual(settings, {
        on: true,
        account: 'Bea',
        kinds: ['your_turn', 'challenge', 'offer', 'game_end'],
      });
      const subscribe = sent.map((f) => JSON.parse(f)).find((m) => m.type === 'push_subscribe');
      assert.match(subscribe.endpoint, /^https:\/\//);
      assert.ok(received.some((f) => JSON.parse(f).type === 'push_subscribed'));
    }
    await screenshot(page, 'notifications-push-service');
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(ownProblems(problems), []);
  });

  test('a hidden tab tells its turn and a new challenge; a push of the same room replaces it', async () => {
    const cy = await suite.open(withWorker('en-US'));
    await signUp(cy.page, 'Cy');
    const dee = await suite.open({ device: { locale: 'en-US' } });
    await signUp(dee.page, 'Dee');
    await onAndHidden(cy, 'Cy');
    // The welcome's renewal failed (no push service): the panel says so, and they stay on.
    await cy.page.click('#notifications-open');
    await waitUntil(async () => (await trimmed(cy.page.locator('#notifications-error'))) !== '', {
      what: 'the failed renewal said',
      timeout: 45000,
    });
    assert.equal(
      await trimmed(cy.page.locator('#notifications-error')),
      WORDS.en.renewal(WORDS.en.pushService),
    );
    assert.equal(await trimmed(cy.page.locator('#notifications-status')), WORDS.en.on);
    assert.equal(await cy.page.locator('#notify-device').isChecked(), true);
    await cy.page.click('#notifications-close');

    // Cy's day-per-move game starts on Cy's move: the hidden tab says so, tagged with the room.
    const code = await createRoom(cy.page, 'kvadratura', { size: 4 }, { clock: '1 day per move' });
    await joinByCode(dee.page, code);
    const turn = await tabNotification(cy.page, code);
    assert.deepEqual(turn, {
      title: WORDS.en.yourTurn[0],
      body: WORDS.en.yourTurn[1](code),
      tag: code,
      data: { url: `/r/${code}` },
    });

    // Dee challenges Cy: tagged with the challenge, opening the lobby.
    const id = await challenge(dee.page, 'Cy');
    const news = await tabNotification(cy.page, String(id));
    assert.deepEqual(news, {
      title: WORDS.en.challenge[0],
      body: WORDS.en.challenge[1]('Dee'),
      tag: String(id),
      data: { url: '/' },
    });

    // A push while a page of the site is on screen shows nothing (Dee's page is of another
    // context: Cy's is the one on screen); with none on screen, a push of Cy's room replaces the
    // tab's notification, in the page's words.
    await deliverPush(cy, { kind: 'offer', offer: 'draw', room: 'ZZZZZZ', game: 'kvadratura' });
    await cy.page.goto('about:blank');
    await deliverPush(cy, { kind: 'game_end', room: code, game: 'kvadratura' });
    await cy.page.goto(`${suite.server.url}/rules/kvadratura`);
    const shown = await notificationsShown(cy.page);
    assert.deepEqual(
      shown.filter((n) => n.tag === code),
      [
        {
          title: WORDS.en.gameEnd[0],
          body: WORDS.en.gameEnd[1](code),
          tag: code,
          data: { url: `/r/${code}` },
        },
      ],
    );
    assert.equal(shown.filter((n) => n.tag === 'ZZZZZZ').length, 0, 'nothing shown on screen');
    assert.deepEqual(ownProblems(cy.problems), []);
    assert.deepEqual(ownProblems(dee.problems), []);
  });

  test('in Russian: the panel, a hidden tab’s challenge and a push', async () => {
    const anya = await suite.open(withWorker('ru-RU'));
    await signUp(anya.page, 'Anya');
    await panelShownOff(anya.page, WORDS.ru);
    await anya.page.click('#notifications-close');
    const boris = await suite.open({ device: { locale: 'en-US' } });
    await signUp(boris.page, 'Boris');
    await onAndHidden(anya, 'Anya');
    await anya.page.click('#notifications-open');
    await waitUntil(async () => (await trimmed(anya.page.locator('#notifications-error'))) !== '', {
      what: 'the failed renewal said',
      timeout: 45000,
    });
    assert.equal(
      await trimmed(anya.page.locator('#notifications-error')),
      WORDS.ru.renewal(WORDS.ru.pushService),
    );
    assert.equal(await trimmed(anya.page.locator('#notifications-status')), WORDS.ru.on);
    assert.deepEqual(await seriousViolations(anya.page), []);
    await screenshot(anya.page, 'notifications-ru');

    const id = await challenge(boris.page, 'Anya');
    const news = await tabNotification(anya.page, String(id));
    assert.equal(news.title, WORDS.ru.challenge[0]);
    assert.equal(news.body, WORDS.ru.challenge[1]('Boris'));

    await anya.page.goto('about:blank');
    await deliverPush(anya, { kind: 'game_end', room: 'K7QM3X', game: 'kvadratura' });
    await anya.page.goto(`${suite.server.url}/rules/kvadratura`);
    const pushed = await notificationTagged(anya.page, 'K7QM3X');
    assert.deepEqual(pushed, {
      title: WORDS.ru.gameEnd[0],
      body: WORDS.ru.gameEnd[1]('K7QM3X'),
      tag: 'K7QM3X',
      data: { url: '/r/K7QM3X' },
    });
    assert.deepEqual(ownProblems(anya.problems), []);
    assert.deepEqual(ownProblems(boris.problems), []);
  });
});
