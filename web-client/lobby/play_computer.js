// "Play the computer": a game, its options, the computer's level and the player's side, and one
// button that opens the game at /play/<game> (local/), played in the browser against the engine
// compiled to WebAssembly — no server needed, so it works offline once the page has loaded. The
// games and their options come from the same module (the registry's `games`), not the server.

import { el } from '../common/dom.js';
import { optionFields, readOptions } from '../common/option_fields.js';
import { gameTitle } from '../games/index.js';
import { t } from '../i18n/index.js';
import { loadRules } from '../engine/rules.js';
import { LEVELS, playPath } from '../local/address.js';

const PREFIX = 'computer-opt';
const SIDES = ['first', 'second', 'random'];

// The form card; `go(path)` opens the game (location.assign in the lobby).
export function createPlayComputer({ go = (path) => location.assign(path) } = {}) {
  const form = el(
    'form',
    { class: 'card computer-card', id: 'play-computer', 'aria-labelledby': 'computer-title' },
    el('h2', { id: 'computer-title' }, t('offline.title')),
    el('p', { class: 'hint', role: 'status' }, t('offline.loading')),
  );
  loadRules().then(
    (rules) => renderForm(form, rules, go),
    (error) => {
      form.querySelector('.hint').textContent = t('offline.noRules', { error: error.message });
    },
  );
  return { card: form };
}

function renderForm(form, rules, go) {
  const games = rules.games();
  const select = el(
    'select',
    { id: 'computer-game', name: 'game' },
    games.map((g) => el('option', { value: g.id }, gameTitle(g.id, g.title))),
  );
  const optionsBox = el('div', { class: 'option-fields' });
  const level = el(
    'select',
    { id: 'computer-level', name: 'level' },
    LEVELS.map((name) => el('option', { value: name }, t(`bots.levels.${name}`))),
  );
  const side = el(
    'select',
    { id: 'computer-side', name: 'side' },
    SIDES.map((name) => el('option', { value: name }, t(`offline.sides.${name}`))),
  );
  const error = el('p', { class: 'form-error', role: 'alert' });
  form.replaceChildren(
    form.querySelector('h2'),
    el('p', { class: 'hint' }, t('offline.intro')),
    el('div', { class: 'field' }, el('label', { for: 'computer-game' }, t('lobby.game')), select),
    optionsBox,
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'computer-level' }, t('offline.level')),
      level,
    ),
    el('div', { class: 'field' }, el('label', { for: 'computer-side' }, t('offline.side')), side),
    el(
      'button',
      { type: 'submit', class: 'button button--primary', id: 'computer-button' },
      t('offline.start'),
    ),
    error,
  );
  const chosenGame = () => games.find((g) => g.id === select.value);
  const fill = () => {
    const game = chosenGame();
    optionsBox.replaceChildren(...optionFields(game, PREFIX));
  };
  select.addEventListener('change', fill);
  fill();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const game = chosenGame();
    const started = rules.start(game.id, readOptions(form, game, PREFIX));
    if (started.error !== undefined) {
      error.textContent = t('offline.refused', { reason: started.error });
      return;
    }
    const seats = rules.state(started.position).seats.length;
    const seat = { first: 0, second: 1 }[side.value] ?? Math.floor(Math.random() * seats);
    go(playPath(game.id, { position: started.position, level: level.value, seat }));
  });
}
