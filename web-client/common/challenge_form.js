// The challenge form (PROTOCOL.md "challenge"), shared by a profile page and the lobby (its
// leaderboards and its finished games): a game for two players and its options (the create
// form's controls, common/option_fields.js; a seat option is fixed to two and said, not asked),
// a clock (live or correspondence), rated or casual and, for a rated game, takebacks; Send and
// Cancel, Escape cancels. A refusal is said in the form (challenge_words.js). One form is open at a time on a
// page, so its ids are fixed. `createChallengeOffer` is the place the form opens in, with the
// line that says it was sent.

import { el } from './dom.js';
import { t } from '../i18n/index.js';
import { gameTitle, optionLabel, valueLabel } from '../games/index.js';
import { optionFields, readOptions } from './option_fields.js';
import { handleForm } from './account_form_parts.js';
import {
  CHALLENGE_CLOCKS,
  DEFAULT_CHALLENGE_CLOCK,
  challengeRequest,
  isCorrespondence,
  isLiveClock,
  twoPlayerGames,
} from './challenge_terms.js';
import { challengeInWords, challengeRefusal } from './challenge_words.js';
import { nameInWords } from './server_words.js';

// The ids of the option controls: `challenge-opt-<option>`.
const PREFIX = 'challenge-opt';

// The clock select: live clocks, then correspondence ones, then no clock.
function clockSelect() {
  const option = (i) =>
    el(
      'option',
      { value: String(i), selected: i === DEFAULT_CHALLENGE_CLOCK },
      t(CHALLENGE_CLOCKS[i].label),
    );
  const indices = CHALLENGE_CLOCKS.map((c, i) => i);
  const live = indices.filter((i) => isLiveClock(CHALLENGE_CLOCKS[i].value));
  const slow = indices.filter((i) => isCorrespondence(CHALLENGE_CLOCKS[i].value));
  const rest = indices.filter((i) => !live.includes(i) && !slow.includes(i));
  return el(
    'select',
    { id: 'challenge-clock', name: 'clock', 'aria-describedby': 'challenge-clock-help' },
    el('optgroup', { label: t('challenge.form.live') }, live.map(option)),
    el('optgroup', { label: t('challenge.form.correspondence') }, slow.map(option)),
    rest.map(option),
  );
}

// A labelled checkbox field; `hidden` for one shown only with another choice.
function checkField(id, label, help, { hidden = false } = {}) {
  return el(
    'div',
    { class: 'field field--check', id: `${id}-field`, hidden },
    el('input', { type: 'checkbox', id, 'aria-describedby': `${id}-help` }),
    el('label', { for: id }, label),
    el('p', { class: 'hint', id: `${id}-help` }, help),
  );
}

// The game select of `games` (twoPlayerGames' list) in its field, and the box of the chosen
// game's options (option_fields.js), drawn anew at their defaults when the game changes; an
// option the game fixes (Kvadrat's players) is said under the select, not asked. `chosen()`: the
// game's entry; `chosenOptions(form)`: the options chosen in `form`, but the fixed ones.
function gameAndOptions(games) {
  const game = el(
    'select',
    { id: 'challenge-game', name: 'game', 'aria-describedby': 'challenge-game-help' },
    games.map((g) => el('option', { value: g.id }, gameTitle(g.id, g.title))),
  );
  const help = el('p', { class: 'hint', id: 'challenge-game-help' });
  const optionsBox = el('div', { class: 'option-fields', id: 'challenge-options' });
  const chosen = () => games.find((g) => g.id === game.value);
  const fill = () => {
    const entry = chosen();
    const fixed = Object.entries(entry.options).map(([name, value]) =>
      t('challenge.form.fixed', {
        label: optionLabel(entry.id, name),
        value: valueLabel(entry.id, name, value),
      }),
    );
    help.textContent = fixed.join(' ');
    help.hidden = !fixed.length;
    optionsBox.replaceChildren(
      ...optionFields(entry.catalogue, PREFIX, Object.keys(entry.options)),
    );
  };
  game.addEventListener('change', fill);
  fill();
  const gameField = el(
    'div',
    { class: 'field' },
    el('label', { for: 'challenge-game' }, t('challenge.form.game')),
    game,
    help,
  );
  const chosenOptions = (form) => {
    const entry = chosen();
    return readOptions(form, entry.catalogue, PREFIX, Object.keys(entry.options));
  };
  return { game, gameField, optionsBox, chosen, chosenOptions };
}

// `to`: the challenged account's user name; `games`: twoPlayerGames' list; `send(request)`: a
// promise of the server's answer (rejects with a RequestError); `sent(answer)` once the server
// took it (`challenge_sent`); `cancel()`.
export function createChallengeForm({ to, games, send, sent, cancel }) {
  const { game, gameField, optionsBox, chosen, chosenOptions } = gameAndOptions(games);
  const clock = clockSelect();
  const rated = checkField(
    'challenge-rated',
    t('challenge.form.rated'),
    t('challenge.form.ratedHelp'),
  );
  const takebacks = checkField(
    'challenge-takebacks',
    t('takeback.lobby.allow'),
    t('takeback.lobby.allowHelp'),
    { hidden: true },
  );
  const error = el('p', {
    class: 'form-error challenge-error',
    id: 'challenge-error',
    role: 'alert',
  });
  const submit = el(
    'button',
    { type: 'submit', id: 'challenge-send', class: 'button button--primary button--small' },
    t('challenge.form.send'),
  );
  const form = el(
    'form',
    { class: 'challenge-form', id: 'challenge-form', 'aria-labelledby': 'challenge-title' },
    el('h3', { id: 'challenge-title' }, t('challenge.form.title', { name: nameInWords(to) })),
    el('p', { class: 'hint' }, t('challenge.form.intro', { name: nameInWords(to) })),
    gameField,
    optionsBox,
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'challenge-clock' }, t('challenge.form.clock')),
      clock,
      el('p', { class: 'hint', id: 'challenge-clock-help' }, t('challenge.form.clockHelp')),
    ),
    rated,
    takebacks,
    el(
      'div',
      { class: 'row row--wrap' },
      submit,
      el(
        'button',
        { type: 'button', id: 'challenge-cancel', class: 'button button--small', onclick: cancel },
        t('challenge.form.cancel'),
      ),
    ),
    error,
  );
  const ratedBox = rated.querySelector('input');
  const takebacksBox = takebacks.querySelector('input');
  // A casual 2-player game always allows takebacks: the box is asked only for a rated one.
  ratedBox.addEventListener('change', () => {
    takebacks.hidden = !ratedBox.checked;
    if (takebacks.hidden) takebacksBox.checked = false;
  });

  let sending = false; // one challenge at a time; the button keeps the focus meanwhile
  async function onSubmit() {
    if (sending) return;
    error.textContent = '';
    const request = challengeRequest({
      to,
      game: chosen(),
      options: chosenOptions(form),
      clock: CHALLENGE_CLOCKS[Number(clock.value)].value,
      rated: ratedBox.checked,
      takebacks: takebacksBox.checked,
    });
    sending = true;
    submit.setAttribute('aria-busy', 'true');
    try {
      sent(await send(request));
    } catch (failure) {
      error.textContent = challengeRefusal(failure, 'challenge');
    } finally {
      sending = false;
      submit.removeAttribute('aria-busy');
    }
  }
  handleForm(form, onSubmit, cancel);
  return { form, focus: () => game.focus() };
}

// The place a challenge form opens in, below the button that opened it, and a status line that
// says when it was sent (a polite live region, there from the start). `games()`: a promise of
// list_games' games; `send(request)` as createChallengeForm's; `onSent(challenge)` after.
export function createChallengeOffer({ games, send, onSent = () => {} }) {
  const formHost = el('div', { class: 'challenge-form-host' });
  const status = el('p', { class: 'challenge-status', id: 'challenge-status', role: 'status' });
  const host = el('div', { class: 'challenge-host' }, formHost, status);
  let opener = null;

  function close() {
    formHost.replaceChildren();
    if (opener && opener.isConnected) {
      opener.hidden = false;
      opener.focus();
    }
    opener = null;
  }

  // Opens the form to challenge `to`, in place of `button` (hidden meanwhile).
  async function open(to, button) {
    if (opener) close();
    status.replaceChildren();
    let list = [];
    try {
      list = twoPlayerGames(await games());
    } catch {
      list = [];
    }
    if (!list.length) {
      status.textContent = t('challenge.form.noGames');
      return;
    }
    const parts = createChallengeForm({
      to,
      games: list,
      send,
      sent: (answer) => {
        close();
        status.textContent = t('challenge.form.sent', {
          name: nameInWords(to),
          terms: challengeInWords(answer.challenge),
        });
        onSent(answer.challenge);
      },
      cancel: close,
    });
    opener = button;
    if (button) button.hidden = true;
    formHost.replaceChildren(parts.form);
    parts.focus();
  }

  // The button that opened the form while it is open (null otherwise), and `adopt(button)`: the
  // list it was in was drawn anew, so `button`, the same one drawn again, stands for it (hidden
  // while the form is open, the focus back on it when the form closes).
  const adopt = (button) => {
    if (!opener || !button) return;
    opener = button;
    button.hidden = true;
  };
  return { host, open, status, close, opener: () => opener, adopt };
}
