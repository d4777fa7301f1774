// The events page's create form (PROTOCOL.md "create_event"), for accounts: the event
// (name, kind, game and its options — common/option_fields.js' controls, as the create and
// challenge forms have them —, clock, start, an arena's length or a Swiss event's rounds with
// their pause or "I start each round myself", rated) and who may enter (accounts only, lowest
// rating, fewest rated games, entry code, computer players, most players). What is wrong is said
// before sending, with the focus on its field; the server's refusal is said in words next to the
// form (role=alert).

import { el } from '../common/dom.js';
import { t } from '../i18n/index.js';
import { gameSummary, gameTitle } from '../games/index.js';
import { optionFields, readOptions } from '../common/option_fields.js';
import {
  CHALLENGE_CLOCKS,
  DEFAULT_CHALLENGE_CLOCK,
  isCorrespondence,
  isLiveClock,
} from '../common/challenge_terms.js';
import {
  EVENT_KINDS,
  LIMITS,
  dateTimeValue,
  defaultStart,
  eventClocks,
  eventRequest,
} from './event_terms.js';
import { eventRefusal, kindInWords } from './event_words.js';

// The ids of the game's option controls: `event-opt-<option>`.
const PREFIX = 'event-opt';

// A labelled field around `control` (id `event-<id>`), with a hint it is described by.
function field(id, label, control, help = null, attrs = {}) {
  if (help) control.setAttribute('aria-describedby', `event-${id}-help`);
  return el(
    'div',
    { class: 'field', id: `event-${id}-field`, ...attrs },
    el('label', { for: `event-${id}` }, label),
    control,
    help ? el('p', { class: 'hint', id: `event-${id}-help` }, help) : null,
  );
}

// A labelled checkbox with its hint.
function checkField(id, label, help = null) {
  const box = el('input', {
    type: 'checkbox',
    id: `event-${id}`,
    'aria-describedby': help ? `event-${id}-help` : null,
  });
  const node = el(
    'div',
    { class: 'field field--check', id: `event-${id}-field` },
    box,
    el('label', { for: `event-${id}` }, label),
    help ? el('p', { class: 'hint', id: `event-${id}-help` }, help) : null,
  );
  return { node, box };
}

// A whole-number box within `limits` (empty allowed: the request builder decides).
function numberBox(id, limits, value = '') {
  return el('input', {
    type: 'number',
    id: `event-${id}`,
    inputmode: 'numeric',
    min: String(limits.min ?? 0),
    max: String(limits.max),
    step: '1',
    value: value === '' ? null : String(value),
  });
}

// The clock select's choices for `kind` (event_terms.eventClocks), live clocks first in their
// group, then correspondence ones, then none; `chosen`: the index kept when still allowed.
function fillClocks(select, kind, chosen) {
  const allowed = eventClocks(kind);
  const keep = allowed.includes(chosen) ? chosen : DEFAULT_CHALLENGE_CLOCK;
  const option = (i) =>
    el('option', { value: String(i), selected: i === keep }, t(CHALLENGE_CLOCKS[i].label));
  const live = allowed.filter((i) => isLiveClock(CHALLENGE_CLOCKS[i].value));
  const slow = allowed.filter((i) => isCorrespondence(CHALLENGE_CLOCKS[i].value));
  const rest = allowed.filter((i) => !live.includes(i) && !slow.includes(i));
  select.replaceChildren(
    el('optgroup', { label: t('challenge.form.live') }, live.map(option)),
    slow.length
      ? el('optgroup', { label: t('challenge.form.correspondence') }, slow.map(option))
      : null,
    ...rest.map(option),
  );
}

// The game select and the box of its options, drawn anew at their defaults when it changes.
function gamePart(games) {
  const select = el(
    'select',
    { id: 'event-game' },
    games.map((g) => el('option', { value: g.id }, gameTitle(g.id, g.title))),
  );
  const summary = el('p', { class: 'hint', id: 'event-game-help' });
  select.setAttribute('aria-describedby', 'event-game-help');
  const optionsBox = el('div', { class: 'option-fields', id: 'event-options' });
  const chosen = () => games.find((g) => g.id === select.value);
  const fill = () => {
    const game = chosen();
    summary.textContent = game ? gameSummary(game.id, game.summary) : '';
    optionsBox.replaceChildren(...(game ? optionFields(game, PREFIX) : []));
  };
  select.addEventListener('change', fill);
  fill();
  const node = el(
    'div',
    { class: 'field', id: 'event-game-field' },
    el('label', { for: 'event-game' }, t('events.form.game')),
    select,
    summary,
  );
  return { node, optionsBox, chosen };
}

// The first fieldset: what the event is and when.
function eventPart(games) {
  const name = el('input', {
    id: 'event-name',
    maxlength: String(LIMITS.name.max),
    autocomplete: 'off',
  });
  const kind = el(
    'select',
    { id: 'event-kind' },
    EVENT_KINDS.map((k) => el('option', { value: k }, kindInWords(k))),
  );
  const game = gamePart(games);
  const clock = el('select', { id: 'event-clock' });
  const clockHelp = el('p', { class: 'hint', id: 'event-clock-help' });
  clock.setAttribute('aria-describedby', 'event-clock-help');
  const start = el('input', {
    type: 'datetime-local',
    id: 'event-start',
    value: dateTimeValue(defaultStart(Date.now())),
  });
  const organiser = checkField(
    'organiser-rounds',
    t('events.form.organiserRounds'),
    t('events.form.organiserRoundsHelp'),
  );
  const rated = checkField('rated', t('events.form.rated'), t('events.form.ratedHelp'));
  const parts = {
    name,
    kind,
    game,
    clock,
    start,
    minutes: numberBox('minutes', LIMITS.minutes, LIMITS.minutes.start),
    rounds: numberBox('rounds', LIMITS.rounds, LIMITS.rounds.start),
    pause: numberBox('pause', LIMITS.pause, LIMITS.pause.start),
    organiser: organiser.box,
    rated: rated.box,
  };
  const arenaFields = [
    field('minutes', t('events.form.minutes'), parts.minutes, t('events.form.minutesHelp')),
  ];
  const swissFields = [
    field('rounds', t('events.form.rounds'), parts.rounds, t('events.form.roundsHelp')),
    organiser.node,
    field('pause', t('events.form.pause'), parts.pause, t('events.form.pauseHelp')),
  ];
  // The kind decides the clocks offered and the schedule's fields.
  const showKind = () => {
    const arena = kind.value === 'arena';
    fillClocks(clock, kind.value, Number(clock.value || DEFAULT_CHALLENGE_CLOCK));
    clockHelp.textContent = t(arena ? 'events.form.clockHelpArena' : 'events.form.clockHelpSwiss');
    for (const node of arenaFields) node.hidden = !arena;
    for (const node of swissFields) node.hidden = arena;
    swissFields[2].hidden = arena || organiser.box.checked;
  };
  kind.addEventListener('change', showKind);
  organiser.box.addEventListener('change', showKind);
  showKind();
  const fieldset = el(
    'fieldset',
    { class: 'event-fieldset' },
    el('legend', {}, t('events.form.event')),
    field('name', t('events.form.name'), name),
    field('kind', t('events.form.kind'), kind, t('events.form.kindHelp')),
    game.node,
    game.optionsBox,
    el(
      'div',
      { class: 'field', id: 'event-clock-field' },
      el('label', { for: 'event-clock' }, t('events.form.clock')),
      clock,
      clockHelp,
    ),
    field('start', t('events.form.start'), start, t('events.form.startHelp')),
    arenaFields,
    swissFields,
    rated.node,
  );
  return { fieldset, parts };
}

// The second fieldset: who may enter. A rated event is for accounts only, said by the box.
function entryPart(ratedBox) {
  const accounts = checkField(
    'accounts-only',
    t('events.form.accountsOnly'),
    t('events.form.accountsOnlyHelp'),
  );
  const bots = checkField('bots', t('events.form.bots'));
  const parts = {
    accountsOnly: accounts.box,
    minRating: numberBox('min-rating', LIMITS.minRating),
    minGames: numberBox('min-games', LIMITS.minGames),
    code: el('input', {
      id: 'event-code',
      maxlength: String(LIMITS.code.max),
      autocomplete: 'off',
      spellcheck: 'false',
    }),
    bots: bots.box,
    maxPlayers: numberBox('max-players', LIMITS.maxPlayers),
  };
  let chosenAccountsOnly = false; // the box's own choice, back when the event is no longer rated
  const showRated = () => {
    if (ratedBox.checked && !accounts.box.disabled) chosenAccountsOnly = accounts.box.checked;
    accounts.box.disabled = ratedBox.checked;
    accounts.box.checked = ratedBox.checked || chosenAccountsOnly;
  };
  ratedBox.addEventListener('change', showRated);
  const fieldset = el(
    'fieldset',
    { class: 'event-fieldset' },
    el('legend', {}, t('events.form.whoEnters')),
    accounts.node,
    field(
      'min-rating',
      t('events.form.minRating'),
      parts.minRating,
      t('events.form.minRatingHelp'),
    ),
    field('min-games', t('events.form.minGames'), parts.minGames, t('events.form.minGamesHelp')),
    field('code', t('events.form.code'), parts.code, t('events.form.codeHelp')),
    bots.node,
    field(
      'max-players',
      t('events.form.maxPlayers'),
      parts.maxPlayers,
      t('events.form.maxPlayersHelp'),
    ),
  );
  return { fieldset, parts };
}

// `games`: list_games' games; `send(request)`: a promise of the server's answer (rejects with a
// RequestError); `created(answer)` once the server made the event (`event_created`).
export function createEventForm({ games, send, created }) {
  const what = eventPart(games);
  const who = entryPart(what.parts.rated);
  const error = el('p', { class: 'form-error event-error', id: 'event-form-error', role: 'alert' });
  const submit = el(
    'button',
    { type: 'submit', id: 'event-create', class: 'button button--primary' },
    t('events.form.create'),
  );
  const form = el(
    'form',
    {
      class: 'card event-form',
      id: 'event-form',
      novalidate: true,
      'aria-labelledby': 'event-form-title',
    },
    el('h2', { id: 'event-form-title' }, t('events.form.title')),
    what.fieldset,
    who.fieldset,
    el('div', { class: 'row row--wrap' }, submit),
    error,
  );

  // The form's choices as event_terms.eventRequest reads them.
  function choices() {
    const p = { ...what.parts, ...who.parts };
    const game = p.game.chosen();
    return {
      name: p.name.value,
      kind: p.kind.value,
      game: game ? game.id : '',
      options: game ? readOptions(form, game, PREFIX) : {},
      clock: CHALLENGE_CLOCKS[Number(p.clock.value)]?.value ?? null,
      start: p.start.value,
      minutes: p.minutes.value,
      rounds: p.rounds.value,
      pause: p.pause.value,
      organiserRounds: p.organiser.checked,
      rated: p.rated.checked,
      accountsOnly: p.accountsOnly.checked,
      minRating: p.minRating.value,
      minGames: p.minGames.value,
      code: p.code.value,
      bots: p.bots.checked,
      maxPlayers: p.maxPlayers.value,
    };
  }

  let sending = false; // one event at a time; the button keeps the focus meanwhile
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    error.textContent = '';
    const built = eventRequest(choices(), Date.now());
    if (built.problem) {
      error.textContent = t(built.problem.key);
      form.querySelector(`#event-${built.problem.field}`)?.focus();
      return;
    }
    sending = true;
    submit.setAttribute('aria-busy', 'true');
    try {
      created(await send(built.request));
    } catch (failure) {
      error.textContent = eventRefusal(failure);
    } finally {
      sending = false;
      submit.removeAttribute('aria-busy');
    }
  });
  return form;
}
