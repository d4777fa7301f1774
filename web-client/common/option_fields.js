// A game's option controls, built from its entry in list_games' catalogue (PROTOCOL.md `games`:
// each option's kind, range and default), and the options read back from them: one mechanism
// for the lobby's create form, Play now, Play the computer and the challenge form. `prefix` keeps
// the ids of each form's controls apart (`<prefix>-<option>`).

import { el } from './dom.js';
import { gameTexts, optionLabel, valueLabel } from '../games/index.js';
import { t } from '../i18n/index.js';

// One labelled control per option: a select of the allowed values, or a number box for wide
// integer ranges. "Default" sends nothing, leaving the choice to the rules.
export function optionField(game, option, prefix = 'opt') {
  const id = `${prefix}-${option.name}`;
  const label = optionLabel(game.id, option.name);
  const help = optionHelp(game.id, option.name) || option.description;
  const describedBy = `${id}-help`;
  let control;
  const seatChoices = option.name === game.seats_option ? game.seat_choices : null;
  const integers = option.min !== null ? option.max - option.min + 1 : 0;
  if (seatChoices || option.words.length || integers <= 12) {
    const values = seatChoices
      ? seatChoices.map((c) => c.value)
      : [...option.words, ...range(option.min, option.max, integers <= 12 ? integers : 0)];
    control = el(
      'select',
      { id, name: option.name, 'aria-describedby': describedBy },
      option.default === null
        ? el('option', { value: '' }, defaultChoice(game.id, option.name))
        : null,
      values.map((v) => {
        const words = valueLabel(game.id, option.name, v);
        return el(
          'option',
          { value: String(v), selected: v === option.default },
          v === option.default ? t('rules.optionDefault', { label: words }) : words,
        );
      }),
    );
    if (integers > 12) {
      // A wide range beside words: a number box for the integer, the select for the word.
      const box = el('input', {
        type: 'number',
        min: option.min,
        max: option.max,
        id: `${id}-n`,
        'aria-label': t('lobby.numberLabel', { label }),
        placeholder: t('lobby.number'),
      });
      box.addEventListener('input', () => {
        if (box.value) control.value = '';
      });
      control.addEventListener('change', () => {
        if (control.value) box.value = '';
      });
      control.dataset.numberBox = box.id;
      return el(
        'div',
        { class: 'field' },
        el('label', { for: id }, label),
        el('div', { class: 'row' }, control, box),
        el('p', { class: 'hint', id: describedBy }, help),
      );
    }
  } else {
    control = el('input', {
      id,
      name: option.name,
      type: 'number',
      min: option.min,
      max: option.max,
      value: option.default ?? '',
      'aria-describedby': describedBy,
    });
  }
  return el(
    'div',
    { class: 'field' },
    el('label', { for: id }, label),
    control,
    el('p', { class: 'hint', id: describedBy }, help),
  );
}

// The fields of every option of `game` but those named in `skip` (options a form fixes), each
// at the catalogue's default: drawn anew when the game changes.
export function optionFields(game, prefix = 'opt', skip = []) {
  return game.options
    .filter((o) => !skip.includes(o.name))
    .map((o) => optionField(game, o, prefix));
}

// The options chosen in `form` (controls made with `prefix`), but those named in `skip`; one
// left at "Default" is not sent.
export function readOptions(form, game, prefix = 'opt', skip = []) {
  const options = {};
  for (const option of game.options) {
    if (skip.includes(option.name)) continue;
    const control = form.querySelector(`#${prefix}-${option.name}`);
    let raw = control.value;
    if (!raw && control.dataset.numberBox) {
      raw = form.querySelector(`#${control.dataset.numberBox}`).value;
    }
    if (raw === '') continue;
    options[option.name] = /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return options;
}

// The words of an option's "Default" choice and its help line, from the game's module.
function defaultChoice(gameId, name) {
  const option = optionTexts(gameId, name);
  return (option && option.defaultChoice) || t('rules.defaultChoice');
}

function optionHelp(gameId, name) {
  const option = optionTexts(gameId, name);
  return option ? option.help : null;
}

function optionTexts(gameId, name) {
  const texts = gameTexts(gameId);
  return texts && texts.options ? texts.options[name] || null : null;
}

function range(min, max, count) {
  return Array.from({ length: count }, (_, i) => min + i);
}
