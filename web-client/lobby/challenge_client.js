// Challenges in the index page (PROTOCOL.md "Challenges"), between the connection and the
// lobby: the challenges panel (challenges.js), the open challenges (open_challenges.js) and the
// challenge form the leaderboards and the finished games open (common/challenge_form.js), with
// their requests. An account's lists are asked for (`my_challenges`) after every welcome and
// followed through each `challenges` message. When one's own challenge is accepted the news is
// said; a live game (a bank, or less than a day per move) opens at once when the lobby is on
// screen, since its clock runs; a correspondence one, or one accepted while a room is on screen,
// waits for "Open game".

import { toast } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { createChallengeOffer } from '../common/challenge_form.js';
import { createOutgoingTracker, isLiveClock, sameAccount } from '../common/challenge_terms.js';
import { acceptedNews, challengeRefusal, outgoingStatus } from '../common/challenge_words.js';
import { createChallengesPanel } from './challenges.js';
import { createOpenChallenges } from './open_challenges.js';

// `hooks` = { inLobby(): the lobby is on screen; holds(room): this tab is in the room already;
// openRoom(room): joins it as a player and shows it; accepted(room): this tab took a challenge
// and is seated in `room`, whose `joined` follows (it is shown); games(): a promise of
// list_games' games }.
export function createChallenges(conn, hooks) {
  let account = null; // the account signed in; null for a guest
  const tracker = createOutgoingTracker();
  const refused = (request) => (error) => {
    if (error.code !== 'offline' && error.code !== 'redirected') {
      toast(challengeRefusal(error, request), 'error');
    }
    throw error;
  };
  const ask = (request) => conn.request(request).catch(refused(request.type));
  const quietly = (promise) => promise.catch(() => {});
  const answer = {
    accept: (id) => quietly(ask({ type: 'accept_challenge', challenge: id })),
    decline: (id, reason) => quietly(ask({ type: 'decline_challenge', challenge: id, reason })),
    cancel: (id) => quietly(ask({ type: 'cancel_challenge', challenge: id })),
  };
  const panel = createChallengesPanel({
    ...answer,
    policy: async (accept) => {
      await ask({ type: 'challenge_policy', accept });
      panel.say(
        t('challenge.panel.policySaved', { policy: t(`challenge.panel.policies.${accept}`) }),
      );
    },
    open: (room) => hooks.openRoom(room),
  });
  const open = createOpenChallenges(answer);
  const offer = createChallengeOffer({ games: hooks.games, send: (r) => conn.request(r) });

  // What became of one's own challenges since the last list: said, and a live game opened.
  function tell(answered) {
    let opening = false;
    for (const challenge of answered) {
      const accepted = challenge.status === 'accepted' && challenge.room;
      const openNow =
        accepted &&
        !opening &&
        isLiveClock(challenge.clock) &&
        hooks.inLobby() &&
        !hooks.holds(challenge.room);
      const words = accepted
        ? acceptedNews(challenge, account, openNow)
        : outgoingStatus(challenge, account);
      panel.say(words);
      if (!hooks.inLobby()) toast(words, 'info');
      if (openNow) {
        opening = true;
        hooks.openRoom(challenge.room);
      }
    }
  }

  conn.on('challenges', (message) => {
    if (!account) return;
    panel.set(message);
    tell(tracker.update(message.outgoing));
  });
  // This tab took a challenge: the room it is seated in opens with its `joined`, which follows.
  conn.on('challenge_updated', (message) => {
    const challenge = message.challenge || {};
    if (challenge.status === 'accepted' && challenge.room && sameAccount(challenge.by, account)) {
      hooks.accepted(challenge.room);
    }
  });

  return {
    panel: panel.card,
    openTitle: open.title,
    openHint: open.hint,
    openList: open.list,
    // The Challenge buttons of the leaderboards (lobby/leaderboard.js) and of the finished games
    // in "Your games" (lobby/your_games_challenge.js): one form on the page, whose `host` (there
    // from the start in the leaderboard card) moves into the `place` of the list whose button
    // opened it. `account()`: the account signed in (null for a guest); `can(name)`: whether it
    // may challenge that account; `opener()` and `adopt(button)` as createChallengeOffer's.
    offer: {
      account: () => account,
      can: (name) => Boolean(account) && Boolean(name) && !sameAccount(name, account),
      open(name, button, place) {
        if (place && offer.host.parentNode !== place) place.append(offer.host);
        return offer.open(name, button);
      },
      opener: () => offer.opener(),
      adopt: (button) => offer.adopt(button),
      host: offer.host,
    },
    // After every welcome: the account signed in (null for a guest); an account's lists are
    // asked for again, since they may have changed while the connection was down.
    setAccount(next) {
      if (!sameAccount(next, account)) tracker.reset();
      account = next || null;
      panel.setAccount(account);
      open.setAccount(account);
      if (account) quietly(ask({ type: 'my_challenges' }));
    },
    // The `open_challenges` of a `rooms` message.
    setOpen(list) {
      open.set(list);
    },
  };
}
