// Room life beside the board (PROTOCOL.md "Room life"): resign, draw offer/accept/decline,
// claiming an abandoned seat, rematch, and the chat with its two channels.

import { el } from './dom.js';

const MAX_LINES = 200;

// Builds the panel into `host`. `actions` = { send(type, fields) -> Promise, goto(code) }.
export function createLifePanel(host, actions) {
  let snapshot = null;
  let membership = null;
  let confirmResign = false;

  const buttons = el('div', { class: 'life-buttons row row--wrap', id: 'life-buttons' });
  const offer = el('p', { class: 'life-offer', role: 'status', hidden: true });
  const log = el('ol', { class: 'chat-log', id: 'chat-log', 'aria-label': 'Chat',
    'aria-live': 'polite' });
  const input = el('input', { id: 'chat-input', type: 'text', maxlength: '500',
    autocomplete: 'off' });
  const channel = el('span', { class: 'hint', id: 'chat-channel' });
  const form = el('form', { class: 'chat-form' },
    el('label', { for: 'chat-input', class: 'sr-only' }, 'Chat message'),
    el('div', { class: 'row' }, input,
      el('button', { type: 'submit', class: 'button button--small' }, 'Send')),
    channel);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    actions.send('chat', { text }).then(() => { input.value = ''; }, () => {});
  });
  const root = el('section', { class: 'life card', 'aria-label': 'Game actions and chat' },
  offer, buttons, el('h3', {}, 'Chat'), log, form);
  host.append(root);

  function button(label, onclick, extra = {}) {
    return el('button', { type: 'button', class: 'button button--small', onclick, ...extra },
      label);
  }

  function renderButtons() {
    buttons.replaceChildren();
    offer.hidden = true;
    const player = membership && membership.as === 'player';
    const seat = player ? membership.seat : null;
    const finished = snapshot.status === 'finished';
    const playing = snapshot.status === 'playing';
    const retired = player && snapshot.seats[seat] && snapshot.seats[seat].retired;
    const twoSeats = snapshot.seats.length === 2;
    if (playing && player && !retired) {
      buttons.append(button(confirmResign ? 'Confirm: resign' : 'Resign', () => {
        if (!confirmResign) {
          confirmResign = true;
          renderButtons();
          return;
        }
        confirmResign = false;
        actions.send('resign');
      }, { id: 'resign-button', class: `button button--small${confirmResign ? ' button--danger' : ''}` }));
      if (confirmResign) {
        buttons.append(button('Cancel', () => { confirmResign = false; renderButtons(); }));
      }
      const standing = snapshot.draw_offer;
      if (twoSeats && (standing === null || standing === undefined)) {
        buttons.append(button('Offer draw', () => actions.send('offer_draw'), { id: 'offer-draw' }));
      } else if (twoSeats && standing === seat) {
        offer.textContent = 'You offered a draw; waiting for the answer.';
        offer.hidden = false;
      } else if (twoSeats) {
        offer.textContent = `${nameOf(standing)} offers a draw.`;
        offer.hidden = false;
        buttons.append(button('Accept draw', () => actions.send('accept_draw'),
          { id: 'accept-draw', class: 'button button--small button--primary' }),
        button('Decline', () => actions.send('decline_draw'), { id: 'decline-draw' }));
      }
      snapshot.seats.forEach((holder, i) => {
        if (holder && holder.claimable && i !== seat) {
          buttons.append(button(twoSeats ? `Claim the win (${holder.name} left)`
            : `Retire ${holder.name}'s seat`, () => actions.send('claim', { seat: i })));
        }
      });
    }
    if (finished && player) {
      const rematch = snapshot.rematch || { agreed: [], room: null };
      if (rematch.room) {
        buttons.append(button('Go to the rematch', () => actions.goto(rematch.room),
          { id: 'rematch-go', class: 'button button--small button--primary' }));
      } else if ((rematch.agreed || []).includes(seat)) {
        offer.textContent = 'Rematch asked; waiting for the others.';
        offer.hidden = false;
      } else {
        if ((rematch.agreed || []).length) {
          const askers = rematch.agreed.map(nameOf);
          offer.textContent = `${askers.join(', ')} want${askers.length === 1 ? 's' : ''} a rematch.`;
          offer.hidden = false;
        }
        buttons.append(button('Rematch', () => actions.send('rematch'),
          { id: 'rematch-button', class: 'button button--small button--primary' }));
      }
    }
    buttons.hidden = !buttons.childElementCount;
  }

  function nameOf(seat) {
    const holder = snapshot.seats[seat];
    return holder ? holder.name : `Seat ${seat + 1}`;
  }

  return {
    update(next, member) {
      if (!snapshot || next.room !== snapshot.room) confirmResign = false;
      snapshot = next;
      membership = member;
      renderButtons();
      const player = membership && membership.as === 'player';
      channel.textContent = player ? "You write to the players' channel."
        : "You write to the spectators' channel.";
    },
    addChat(line) {
      const item = el('li', { class: `chat-line chat-line--${line.channel}` },
        el('span', { class: 'chat-channel' }, line.channel === 'players' ? 'player' : 'spectator'),
        el('span', { class: 'chat-name' }, line.name),
        el('span', { class: 'chat-text' }, line.text));
      log.append(item);
      while (log.childElementCount > MAX_LINES) log.firstElementChild.remove();
      log.scrollTop = log.scrollHeight;
    },
    clearChat() {
      log.replaceChildren();
    },
  };
}
