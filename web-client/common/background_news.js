// News a hidden tab hears and tells as the browser's own notification (through the service
// worker's registration, so a click goes where a push's would): a game that comes to the
// account's move (the turn count goes up, common/turn_counter.js; `my_games` then names the
// game), a new challenge to the account, and one of its own accepted (`challenges`). Only while
// the tab is hidden, this device's notifications are on for the account with that kind, and the
// browser allows them (notification_settings.js tabTells). The words are a push message's
// (common/push_words.js) and so is the tag: the room, else the challenge, so the same news
// coming by push as well replaces this notification instead of making a second one.

import './push_words.js';
import { wordsSettings } from './push_device.js';
import { createOutgoingTracker } from './challenge_terms.js';
import {
  acceptedChallenges,
  isOnFor,
  newChallenges,
  newlyWaiting,
  tabTells,
  waitingRooms,
} from './notification_settings.js';

const { notificationOf } = globalThis.QuadraPush;

// `conn`: the connection; `counter`: the page's turn counter; `device`: push_device's.
export function setupBackgroundNews(conn, counter, device) {
  let waiting = null; // rooms waiting for the account's move, from the latest `my_games`
  let incoming = null; // ids of the challenges to the account, from the latest list
  const outgoing = createOutgoingTracker();
  const account = () => conn.identity?.account || null;
  const permission = () => ('Notification' in globalThis ? Notification.permission : 'default');
  const tells = (kind) =>
    tabTells({
      settings: device.settings(),
      account: account(),
      permission: permission(),
      hidden: document.visibilityState === 'hidden',
      kind,
    });

  async function show(message) {
    const shown = notificationOf(message, wordsSettings());
    if (!shown) return;
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) return;
      await registration.showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag,
        data: { url: shown.url },
      });
    } catch (error) {
      console.warn('the notification could not be shown', error);
    }
  }

  // Every `my_games` answer (the lobby's, and this module's own) says which games wait.
  conn.on('my_games', (mine) => {
    waiting = waitingRooms(mine);
  });

  // The count went up: which game? `my_games` says, compared with what waited before. Asked
  // only where this device's notifications are on for the account.
  counter.onChange(async (count, previous) => {
    if (previous === null || !isOnFor(device.settings(), account())) return;
    const before = waiting;
    const mine = await conn.request({ type: 'my_games' }).catch(() => null);
    if (!mine || count <= previous || !tells('your_turn')) return;
    for (const game of newlyWaiting(mine, before, Date.now())) {
      show({ kind: 'your_turn', room: game.room, game: game.game });
    }
  });

  conn.on('challenges', (message) => {
    const before = incoming;
    incoming = new Set((message.incoming || []).map((c) => c.challenge));
    const answered = outgoing.update(message.outgoing);
    if (!tells('challenge')) return;
    for (const news of newChallenges(message.incoming, before)) show(news);
    for (const news of acceptedChallenges(answered, account())) show(news);
  });
}
