// A finished game's "Challenge <name>" in the lobby's "Your games" (your_games.js): for an
// account, a small button for every opponent seat another account held (`my_games`' `accounts`,
// PROTOCOL.md), which opens the challenge form (common/challenge_form.js) below the lists through
// lobby/challenge_client.js's `offer`, the leaderboards' too. `challengeSeats` is DOM-free
// (tested under Node); `challengeButtons` draws; `keepOpener` follows a redraw.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { sameAccount } from '../common/challenge_terms.js';
import { nameInWords } from '../common/server_words.js';

// The seats of a `my_games` entry `game` whose players `account` (the user name signed in; null
// for a guest) may challenge: those an account held (`game.accounts`: user names by seat, null
// for a guest or a computer player; absent when no account played) other than `account`, compared
// without case, each account once, by seat, as { seat, account, name } (`name`: the seat's
// display name, else the user name).
export function challengeSeats(game, account) {
  if (!account || !game || !Array.isArray(game.accounts)) return [];
  const found = [];
  game.accounts.forEach((user, seat) => {
    if (typeof user !== 'string' || !user || sameAccount(user, account)) return;
    if (found.some((f) => sameAccount(f.account, user))) return;
    const shown = game.players && game.players[seat];
    found.push({ seat, account: user, name: typeof shown === 'string' && shown ? shown : user });
  });
  return found;
}

// The buttons of a finished game's `row` (yourGamesRows'), one per `row.opponents`;
// `open(account, button)` opens the challenge form. Each says the game and the opponent to a
// screen reader, and carries its room and account, to be found again after a redraw.
export function challengeButtons(row, open) {
  return (row.opponents || []).map((opponent) => {
    const name = nameInWords(opponent.name);
    const button = el(
      'button',
      {
        type: 'button',
        class: 'button button--small your-game-challenge',
        'data-room': row.room,
        'data-challenge': opponent.account,
        'aria-label': t('challenge.yourGames.openName', {
          name,
          title: row.title,
          players: row.players,
        }),
        onclick: () => open(opponent.account, button),
      },
      t('challenge.yourGames.open', { name }),
    );
    return button;
  });
}

// The Challenge button in `host` of the game in `room` and the player `account`, or null.
export function challengeButtonFor(host, room, account) {
  const buttons = [...host.querySelectorAll('button[data-challenge]')];
  return buttons.find((b) => b.dataset.room === room && b.dataset.challenge === account) || null;
}

// After `host` was drawn anew: when the form is open from a Challenge button the redraw replaced,
// the same game's and player's new button stands for it (`offer`: challenge_client.js's).
export function keepOpener(host, offer) {
  const old = offer && offer.opener();
  if (!old || old.isConnected || !old.dataset.challenge) return;
  const again = challengeButtonFor(host, old.dataset.room, old.dataset.challenge);
  if (again) offer.adopt(again);
}
