// "Challenge" on a profile page (PROTOCOL.md "Challenges"), for an account looking at someone
// else's profile, on the page's connection (profile_connection.js). The form is
// common/challenge_form.js's; once sent, the status line below it follows the challenge through
// the account's `challenges` lists: accepted (with a link to the game's room), declined (the
// reason in words) or expired.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { createChallengeOffer } from '../common/challenge_form.js';
import { outgoingStatus } from '../common/challenge_words.js';
import { sameAccount } from '../common/challenge_terms.js';
import { nameInWords } from '../common/server_words.js';
import { onIdentity, profileConnection } from './profile_connection.js';

// The place of the Challenge button under the profile's heading, for account `account`: filled
// once the connection's welcome says an account other than that one is signed in.
export function offerChallenge(account) {
  const host = el('div', { class: 'profile-challenge', id: 'profile-challenge' });
  const conn = profileConnection();
  if (!conn) return host;
  let games = null; // list_games' answer, asked for when the form first opens
  let sent = null; // the challenge sent from this page: its id and last status
  const offer = createChallengeOffer({
    games: async () => {
      games ||= (await conn.request({ type: 'list_games' })).games;
      return games;
    },
    send: (request) => conn.request(request),
    onSent: (challenge) => {
      sent = { id: challenge.challenge, status: challenge.status };
    },
  });
  const button = el(
    'button',
    {
      type: 'button',
      id: 'challenge-player',
      class: 'button button--small',
      'aria-label': t('challenge.form.openName', { name: nameInWords(account) }),
      onclick: () => offer.open(account, button),
    },
    t('challenge.form.open'),
  );
  onIdentity(conn, (welcome) => {
    if (host.querySelector('#challenge-form')) return; // a reconnect keeps the form being filled
    const other = welcome.account && !sameAccount(welcome.account, account);
    host.replaceChildren(...(other ? [button, offer.host] : []));
  });
  conn.on('challenges', (message) => {
    const challenge = sent && (message.outgoing || []).find((c) => c.challenge === sent.id);
    if (!challenge || challenge.status === sent.status) return;
    sent.status = challenge.status;
    if (challenge.status === 'cancelled') return; // cancelled in the lobby: nothing new here
    offer.status.replaceChildren(
      outgoingStatus(challenge, conn.identity && conn.identity.account),
      challenge.status === 'accepted' ? [' ', gameLink(challenge.room)] : '',
    );
  });
  return host;
}

// "Open game": the game's room, where the challenger holds a seat.
function gameLink(room) {
  return el(
    'a',
    {
      class: 'button button--small button--primary',
      id: 'challenge-open-game',
      href: `/r/${encodeURIComponent(room)}`,
      'aria-label': t('challenge.panel.openGameName', { room }),
    },
    t('challenge.panel.openGame'),
  );
}
