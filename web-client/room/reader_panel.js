// The screen-reader mode's panels (screen_reader.js): in a room, the position in words, a form to
// type a move or choose one from the legal list, and a polite live region announcing each move;
// in the replay, the position shown in words and the move stepped to. Each panel is empty and
// hidden while the mode is off.

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { describePosition, moveWords } from '../games/index.js';
import { onReaderMode, readerMode } from '../common/screen_reader.js';
import {
  announce,
  checkTypedMove,
  clockLine,
  effectiveState,
  legalMoveLabel,
  namesOf,
} from './reader_text.js';

// The position as a list of lines.
function positionList(id, lines) {
  return el(
    'ul',
    { class: 'reader-lines', id },
    lines.map((line) => el('li', {}, line)),
  );
}

// The move form of the room panel; `send(token)` is the board's own move path.
function buildMoveForms(send) {
  const input = el('input', {
    id: 'reader-move-input',
    type: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'reader-move-error',
  });
  const select = el('select', { id: 'reader-move-select' });
  const error = el('p', { class: 'reader-error', id: 'reader-move-error', role: 'alert' });
  const typed = el(
    'form',
    { class: 'reader-form', id: 'reader-type-form' },
    el('label', { for: 'reader-move-input' }, t('screenReader.typeLabel')),
    el(
      'div',
      { class: 'row' },
      input,
      el('button', { type: 'submit', class: 'button button--small' }, t('screenReader.typeButton')),
    ),
  );
  const chosen = el(
    'form',
    { class: 'reader-form', id: 'reader-choose-form' },
    el('label', { for: 'reader-move-select' }, t('screenReader.chooseLabel')),
    el(
      'div',
      { class: 'row' },
      select,
      el(
        'button',
        { type: 'submit', class: 'button button--small', id: 'reader-play' },
        t('screenReader.chooseButton'),
      ),
    ),
  );
  typed.addEventListener('submit', (event) => {
    event.preventDefault();
    if (send(input.value)) input.value = '';
  });
  chosen.addEventListener('submit', (event) => {
    event.preventDefault();
    if (select.value) send(select.value);
  });
  const box = el(
    'div',
    { class: 'reader-moves', role: 'group', 'aria-labelledby': 'reader-moves-title' },
    el('h3', { id: 'reader-moves-title' }, t('screenReader.movesTitle')),
    typed,
    chosen,
    error,
  );
  return { box, input, select, error };
}

// The legal moves of the viewer's turn in the list; one disabled line when there are none.
function fillChoices(select, state, acting) {
  const legal = acting ? state.legal : [];
  const kept = select.value;
  select.replaceChildren(
    ...(legal.length
      ? legal.map((token) =>
          el('option', { value: token, selected: token === kept }, legalMoveLabel(state, token)),
        )
      : [el('option', { value: '' }, t('screenReader.noChoice'))]),
  );
}

// Shows `host` only while the mode is on: `open()` fills it as the mode turns on, `close()`
// forgets what it held as it turns off. Returns what stops following the mode.
function followReaderMode(host, open, close) {
  const switchMode = (on) => {
    host.hidden = !on;
    if (on) {
      open();
    } else {
      close();
      host.replaceChildren();
    }
  };
  const stop = onReaderMode(switchMode);
  switchMode(readerMode());
  return stop;
}

// The room's panel in `host`. `move(token)` sends a move exactly as a board click does.
export function createRoomReader(host, { move }) {
  let snapshot = null;
  let seat = null;
  let offline = false;
  let receivedAt = 0;
  let parts = null; // the panel's elements while the mode is on

  function build() {
    const live = el('p', {
      class: 'reader-live',
      id: 'reader-live',
      'aria-live': 'polite',
      'aria-label': t('screenReader.announcementsLabel'),
    });
    const position = el('div', { class: 'reader-position' });
    const forms = buildMoveForms(trySend);
    const watching = el('p', { class: 'hint', id: 'reader-watching' }, t('screenReader.watching'));
    host.replaceChildren(
      el(
        'section',
        { class: 'reader card', id: 'reader', 'aria-labelledby': 'reader-title' },
        el('h2', { id: 'reader-title' }, t('screenReader.title')),
        position,
        forms.box,
        watching,
        live,
      ),
    );
    parts = { live, position, watching, ...forms };
  }

  // Sends the typed or chosen `text` when it is legal now; says why not otherwise.
  function trySend(text) {
    if (!snapshot) return false;
    const checked = checkTypedMove(snapshot, seat, text, offline);
    parts.error.textContent = checked.error || '';
    if (checked.error) return false;
    move(checked.token);
    return true;
  }

  function render() {
    if (!parts || !snapshot) return;
    const state = effectiveState(snapshot);
    const lines = describePosition(state, namesOf(snapshot));
    const clocks = clockLine(snapshot, receivedAt);
    if (clocks) lines.push(clocks);
    parts.position.replaceChildren(positionList('reader-position', lines));
    const player = seat !== null;
    parts.box.hidden = !player;
    parts.watching.hidden = player;
    const acting = player && !offline && snapshot.status === 'playing' && state.to_move === seat;
    fillChoices(parts.select, state, acting);
  }

  const stop = followReaderMode(
    host,
    () => {
      build();
      render();
    },
    () => (parts = null),
  );

  return {
    // A new snapshot, the viewer's membership ({as, seat}) and whether the page is offline.
    update(next, membership, isOffline) {
      const previous = snapshot;
      snapshot = next;
      seat = membership && membership.as === 'player' ? membership.seat : null;
      offline = Boolean(isOffline);
      receivedAt = next.receivedAt ?? performance.now();
      if (!parts) return;
      if (previous !== next) {
        const said = announce(previous, next, seat);
        if (said) parts.live.textContent = said;
        if (previous && previous.version !== next.version) parts.error.textContent = '';
      }
      render();
    },
    destroy() {
      stop();
      host.replaceChildren();
    },
  };
}

// The replay's panel in `host`: the position at the ply shown, and the move stepped to.
export function createReplayReader(host) {
  let shown = null; // { record, ply, state }
  let parts = null;

  function build() {
    const live = el('p', { class: 'reader-live', id: 'replay-reader-live', 'aria-live': 'polite' });
    const position = el('div', { class: 'reader-position' });
    host.replaceChildren(
      el(
        'section',
        { class: 'reader card', 'aria-labelledby': 'replay-reader-title' },
        el('h3', { id: 'replay-reader-title' }, t('screenReader.replayTitle')),
        position,
        live,
      ),
    );
    parts = { live, position };
  }

  function render(speak) {
    if (!parts || !shown) return;
    const { record, ply, state } = shown;
    const last = ply === record.moves.length;
    const names = record.players || [];
    const described = last && record.result ? { ...state, result: record.result } : state;
    if (last && record.result) described.status = 'finished';
    parts.position.replaceChildren(
      positionList('replay-reader-position', describePosition(described, names)),
    );
    if (!speak) return;
    if (ply === 0) {
      parts.live.textContent = t('screenReader.replayStart');
      return;
    }
    const seat = (record.move_seats || [])[ply - 1];
    const who = Number.isInteger(seat) && names[seat] ? names[seat] : t('screenReader.aPlayer');
    parts.live.textContent = t('screenReader.replayMove', {
      n: ply,
      move: moveWords(record.game, record.moves[ply - 1], who),
    });
  }

  const stop = followReaderMode(
    host,
    () => {
      build();
      render(false);
    },
    () => (parts = null),
  );

  return {
    // Shows position `ply` of `record` (its state from the server).
    show(record, ply, state) {
      const moved = shown && shown.ply !== ply;
      shown = { record, ply, state };
      render(moved);
    },
    destroy() {
      stop();
      host.replaceChildren();
    },
  };
}
