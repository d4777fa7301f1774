// The room's move list: every recorded move in words ("3. Ann rolled 3 6 6 2 5"), the latest
// highlighted and kept in view. The history comes from the game's record and follows the
// snapshots (move_history.js); the words from games/index.js moveWords.

import { el } from '../common/dom.js';
import { MOVE_WORDS } from '../games/common/move_words.js';
import { entriesOfRecord, followSnapshot, playerName } from './move_history.js';
import { t } from '../i18n/index.js';
import { moveWords, seatName } from '../games/index.js';
import { nameInWords } from '../common/server_words.js';

// Builds the list into `host`; `fetchRecord(gameId)` resolves to GET /api/games/{id}'s body;
// `onEntries(entries)` hears the entries whenever they are known (the board's last turn).
export function createMoveList(host, fetchRecord = defaultFetch, onEntries = () => {}) {
  const list = el('ol', { class: 'move-list', id: 'move-list', 'aria-live': 'polite' });
  const empty = el('p', { class: 'hint move-list-empty' }, t('moves.none'));
  const box = el(
    'section',
    { class: 'move-list-box', 'aria-label': t('moves.title') },
    el('h2', {}, t('moves.title')),
    empty,
    list,
  );
  host.append(box);
  let entries = null;
  let latest = null;
  let loading = null; // the game id being fetched
  let tries = 0;
  let drawn = -1;

  async function load(gameId) {
    loading = gameId;
    try {
      const record = await fetchRecord(gameId);
      if (!latest || latest.game_id !== gameId) return;
      // A record read as a takeback was accepted may still hold the tokens taken back.
      entries = entriesOfRecord(record).slice(0, latest.version);
      // The record is written before a snapshot is sent, so it can only be behind when the
      // answer crossed a newer snapshot: then it is read again, a few times at most.
      if (entries.length < latest.version) {
        entries = null;
        if (tries++ < 3) setTimeout(() => latest && !entries && load(latest.game_id), 300);
      }
    } catch (error) {
      entries = null;
      empty.textContent = t('moves.unavailable');
      empty.hidden = false;
    } finally {
      if (loading === gameId) loading = null;
    }
    render();
  }

  function render() {
    if (!entries || !latest) return;
    onEntries(entries);
    if (drawn === entries.length && list.childElementCount === entries.length) return;
    const game = latest.state.game;
    const colours = latest.state.seats.map((colour, i) =>
      seatName(game, i, latest.state.seats.length, colour),
    );
    const names = (seat) =>
      nameInWords(playerName(latest.seats, colours, seat, (i) => MOVE_WORDS.seat(i)));
    list.replaceChildren(
      ...entries.map((entry, i) =>
        el(
          'li',
          {
            class: `move-list-item${i === entries.length - 1 ? ' move-list-item--current' : ''}`,
            'data-ply': String(entry.ply),
            'aria-current': i === entries.length - 1 ? 'step' : null,
          },
          el('span', { class: 'move-list-number' }, MOVE_WORDS.moveNumber(entry.ply)),
          el('span', { class: 'move-list-text' }, moveWords(game, entry.token, names(entry.seat))),
        ),
      ),
    );
    drawn = entries.length;
    empty.textContent = t('moves.none');
    empty.hidden = entries.length > 0;
    list.scrollTop = list.scrollHeight;
  }

  return {
    update(snapshot) {
      const sameGame = latest && latest.game_id === snapshot.game_id;
      const before = sameGame ? latest : null;
      latest = snapshot;
      if (!sameGame) {
        entries = null;
        drawn = -1;
        tries = 0;
      }
      if (entries) entries = followSnapshot(entries, before, snapshot);
      if (!entries) {
        if (snapshot.version === 0) {
          entries = [];
        } else if (loading !== snapshot.game_id && snapshot.game_id) {
          tries = 0;
          load(snapshot.game_id);
        }
      }
      render();
    },
    destroy() {
      latest = null;
      box.remove();
    },
  };
}

async function defaultFetch(gameId) {
  const response = await fetch(`/api/games/${encodeURIComponent(gameId)}`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}
