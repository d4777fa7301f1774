// Room life beside the board (PROTOCOL.md "Room life"): resign, draw offer/accept/decline,
// takebacks by consent (common/takebacks.js), claiming an abandoned seat, rematch, and the chat
// with its two channels.

import { el } from '../common/dom.js';
import { drawOfferEnd, holderName, lifeChoices } from '../common/room_state.js';
import {
  lastMoverOf,
  takebackEnd,
  takebackEndWords,
  takebacksAllowed,
} from '../common/takebacks.js';
import { t } from '../i18n/index.js';
import { nameInWords } from '../common/server_words.js';
import { keepFocus } from '../common/keep_focus.js';
import { createRoomReports } from './room_reports.js';

const MAX_LINES = 200;

// Builds the panel into `host`. `actions` = { send(type, fields) -> Promise, goto(code) }, and
// for reports and hiding lines (room_reports.js) identity(), report(request) -> Promise and
// hideChat(request) -> Promise. The membership given with each snapshot may say whether the room
// allows takebacks (`takebacks`, from `joined`) and that it is rated (`rated`).
export function createLifePanel(host, actions) {
  let snapshot = null;
  let membership = null;
  let confirmResign = false;
  // What became of the viewer's draw offer, shown until the next move: {text, version} or null.
  let offerEnd = null;
  const takebacks = takebackTracker();

  const buttons = el('div', { class: 'life-buttons row row--wrap', id: 'life-buttons' });
  const offer = el('p', { class: 'life-offer', role: 'status', hidden: true });
  const { log, input, channel, form } = chatForm(actions);
  const reports = actions.report ? createRoomReports(actions) : null;
  const root = el(
    'section',
    { class: 'life card', 'aria-label': t('life.panel') },
    offer,
    buttons,
    el('h2', {}, t('life.chat')),
    log,
    form,
    reports ? reports.panel : null,
  );
  host.append(root);

  // Runs a button's action (room_state.js lifeChoices).
  function run(action) {
    if (action === 'confirm-resign' && !confirmResign) {
      confirmResign = true;
      renderButtons();
    } else if (action === 'confirm-resign') {
      confirmResign = false;
      actions.send('resign');
    } else if (action === 'cancel-resign') {
      confirmResign = false;
      renderButtons();
    } else if (action.goto) {
      actions.goto(action.goto);
    } else {
      // A refusal is shown by `send`.
      actions.send(action.send, action.fields).catch((error) => {
        if (action.send === 'takeback' && takebacks.refused(snapshot, error)) renderButtons();
      });
    }
  }

  function renderButtons() {
    const takeback = takebacks.choices(snapshot, membership);
    const choices = lifeChoices(snapshot, membership, confirmResign, takeback);
    const line = [choices.offer, offerEnd && offerEnd.text, takebacks.news()]
      .filter(Boolean)
      .join(' ');
    offer.textContent = line;
    offer.hidden = !line;
    keepFocus(buttons, () => buttons.replaceChildren(...lifeButtons(choices, run)));
    buttons.hidden = !buttons.childElementCount;
  }

  return {
    update(next, member) {
      if (!snapshot || next.room !== snapshot.room) confirmResign = false;
      offerEnd = nextOfferEnd(offerEnd, snapshot, next, member);
      takebacks.update(snapshot, next, member);
      snapshot = next;
      membership = member;
      renderButtons();
      if (reports) reports.update(next);
      const player = membership && membership.as === 'player';
      channel.textContent = player ? t('life.playersChannel') : t('life.spectatorsChannel');
    },
    // The game's moves as the move list knows them (room/move_history.js entries).
    setHistory(list) {
      if (takebacks.setHistory(list) && snapshot) renderButtons();
    },
    addChat(line) {
      // Keyed by its time, which `chat_hidden` names.
      const item = el(
        'li',
        {
          class: `chat-line chat-line--${line.channel}`,
          'data-at': typeof line.at === 'number' ? String(line.at) : null,
        },
        el(
          'span',
          { class: 'chat-channel' },
          t(line.channel === 'players' ? 'life.channelPlayer' : 'life.channelSpectator'),
        ),
        el('span', { class: 'chat-name' }, nameInWords(line.name)),
        el('span', { class: 'chat-text' }, line.text),
      );
      if (reports) reports.decorate(item, line);
      log.append(item);
      while (log.childElementCount > MAX_LINES) log.firstElementChild.remove();
      log.scrollTop = log.scrollHeight;
    },
    // A moderator hid the line written at `at` (`chat_hidden`): it goes at once.
    hideChat(at) {
      removeHiddenLines(log, at, reports ? reports.lineGone(at) : false, input);
    },
    clearChat() {
      log.replaceChildren();
      if (reports) reports.close();
    },
  };
}

// The buttons of the life panel's `choices` (room_state.js lifeChoices); `run` runs an action.
function lifeButtons(choices, run) {
  return choices.buttons.map(({ id, label, name, kind, action }) =>
    el(
      'button',
      {
        type: 'button',
        class: `button button--small${kind ? ` button--${kind}` : ''}`,
        id,
        'aria-label': name || null,
        onclick: () => run(action),
      },
      label,
    ),
  );
}

// What the panel knows of takebacks (common/takebacks.js) in the room shown: the game's moves
// (room/move_list.js entries), for the seat that moved last; what became of the last request,
// shown until the next move; and a room where the server refused one as not allowed.
function takebackTracker() {
  let entries = null;
  let news = null; // {text, version, declined} or null (nextTakebackNews)
  let refusedRoom = null;
  return {
    // A new snapshot `next` after `previous` (null at first), for `membership`.
    update(previous, next, membership) {
      if (!previous || next.game_id !== previous.game_id) entries = null;
      news = nextTakebackNews(news, previous, next, membership);
    },
    // The move list's entries; whether they changed.
    setHistory(list) {
      if (list === entries) return false;
      entries = list;
      return true;
    },
    // A takeback refused as not allowed while no request stands: the room does not allow them
    // (a rated room the client did not know to be rated), so no more button there. Returns
    // whether that changed the choices.
    refused(snapshot, error) {
      const asked = snapshot.takeback !== null && snapshot.takeback !== undefined;
      if (!error || error.code !== 'not_allowed' || asked || refusedRoom === snapshot.room) {
        return false;
      }
      refusedRoom = snapshot.room;
      return true;
    },
    // lifeChoices' `takeback` for `snapshot`; none after a declined request until the next move.
    choices(snapshot, membership) {
      const declined = Boolean(news && news.declined);
      return {
        allowed: takebacksAllowed(membership) && refusedRoom !== snapshot.room && !declined,
        lastMover: lastMoverOf(snapshot, entries),
      };
    },
    news: () => (news ? news.text : null),
  };
}

// Removes the lines of `log` written at `at`. Focus on their buttons, or in a form about them
// (`formHadFocus`), moves to a neighbouring line's control, else to the chat `input`, so that a
// screen reader is never left on a removed element.
function removeHiddenLines(log, at, formHadFocus, input) {
  // Every line of that time, as AppState.hideChat drops them (two in one millisecond: rare).
  const gone = [...log.querySelectorAll(`li[data-at="${Number(at)}"]`)];
  const focusLost = formHadFocus || gone.some((item) => item.contains(document.activeElement));
  const neighbour = gone.length
    ? gone[gone.length - 1].nextElementSibling || gone[0].previousElementSibling
    : null;
  for (const item of gone) item.remove();
  if (!focusLost) return;
  const control = neighbour && neighbour.querySelector('button');
  (control || input).focus();
}

// The line about the viewer's ended draw offer after `next` (2-player games): the server only
// shows `draw_offer` going back to null, so the offerer learns here whether it was declined.
function nextOfferEnd(current, previous, next, membership) {
  const seat = membership && membership.as === 'player' ? membership.seat : null;
  const opponent = holderName(next, seat === 0 ? 1 : 0);
  const ended = drawOfferEnd(previous, next, seat);
  if (ended === 'declined') {
    return { text: t('life.declined', { name: opponent }), version: next.version };
  }
  if (ended === 'lapsed') {
    return { text: t('life.lapsed', { name: opponent }), version: next.version };
  }
  return keptNews(current, previous, next, next.draw_offer);
}

// `current` news while `next` is the same room at the same version, still playing, with no new
// offer or request (`pending`) standing; else null.
function keptNews(current, previous, next, pending) {
  const still =
    current &&
    previous &&
    next.room === previous.room &&
    next.version === current.version &&
    next.status === 'playing' &&
    (pending === null || pending === undefined);
  return still ? current : null;
}

// The line about a takeback request that ended with `next` (takebacks.js), kept while nothing
// else is played and no new request stands: {text, version, declined} (`declined`: the viewer's
// own request was declined, so it is not offered again before the next move), or null.
function nextTakebackNews(current, previous, next, membership) {
  const seat = membership && membership.as === 'player' ? membership.seat : null;
  const ended = takebackEnd(previous, next);
  const text = takebackEndWords(ended, next, seat);
  if (text) {
    const declined = ended.how === 'declined' && ended.asker === seat;
    return { text, version: next.version, declined };
  }
  return keptNews(current, previous, next, next.takeback);
}

// The chat log and its form; a sent line clears the input once the server took it.
function chatForm(actions) {
  const log = el('ol', {
    class: 'chat-log',
    id: 'chat-log',
    'data-empty': t('life.noMessages'),
    'aria-label': t('life.chat'),
    'aria-live': 'polite',
  });
  const input = el('input', {
    id: 'chat-input',
    type: 'text',
    maxlength: '500',
    autocomplete: 'off',
  });
  const channel = el('span', { class: 'hint', id: 'chat-channel' });
  const form = el(
    'form',
    { class: 'chat-form' },
    el('label', { for: 'chat-input', class: 'sr-only' }, t('life.chatMessage')),
    el(
      'div',
      { class: 'row' },
      input,
      el('button', { type: 'submit', class: 'button button--small' }, t('life.send')),
    ),
    channel,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    actions.send('chat', { text }).then(
      () => {
        input.value = '';
      },
      () => {},
    );
  });
  return { log, input, channel, form };
}
