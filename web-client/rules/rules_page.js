// A game's rules page, /rules/<game>: the words of games/<game>/words.js with its diagrams drawn by
// the game's own board renderer from fixed positions (nobody seated, nothing playable). The page
// needs no connection to the server.

import { el } from '../common/dom.js';
import {
  GAME_IDS,
  boardFor,
  gameDiagrams,
  gameTexts,
  isGame,
  optionLabel,
  rulesPath,
  valueLabel,
} from '../games/index.js';
import { t } from '../i18n/index.js';
import { fillPageFrame } from '../common/page_frame.js';
import { setBaseTitle } from '../common/turn_counter.js';

fillPageFrame('rules.documentTitle');

const host = document.getElementById('rules');
const match = location.pathname.match(/^\/rules\/([a-z]+)$/);
const gameId = match && isGame(match[1]) ? match[1] : null;

if (gameId) showGame(gameId);
else showIndex(match ? match[1] : location.pathname);

function showGame(id) {
  const texts = gameTexts(id);
  setBaseTitle(t('rules.pageTitle', { title: texts.title }));
  const diagrams = new Map(gameDiagrams(id).map((d) => [d.id, d]));
  host.replaceChildren(
    el('p', { class: 'rules-back' }, el('a', { href: '/' }, t('rules.backToLobby'))),
    el('h1', {}, t('rules.pageTitle', { title: texts.title })),
    el('p', { class: 'rules-intro' }, texts.intro),
    ...texts.sections.map((section) =>
      el(
        'section',
        { class: 'rules-section' },
        el('h2', {}, section.heading),
        section.paragraphs.map((text) => el('p', {}, text)),
        section.diagrams
          ? el(
              'div',
              { class: 'rules-figures' },
              section.diagrams.map((key) => figure(id, diagrams.get(key), texts.captions[key])),
            )
          : null,
      ),
    ),
    optionsSection(id, texts),
    otherGames(id),
  );
}

// One diagram: the game's board on a fixed position, inert (not focusable, not announced: the
// caption says what it shows), with the caption under it.
function figure(id, diagram, caption) {
  const board = el('div', { class: 'rules-diagram', inert: true });
  const item = el(
    'figure',
    { class: 'rules-figure', 'data-diagram': diagram.id },
    board,
    el('figcaption', {}, caption),
  );
  const view = boardFor(id).createBoard(board, { onMove: () => {} });
  view.update(diagram.snapshot, { seat: null });
  if (diagram.path) view.showPath(diagram.path, diagram.marks || []);
  else if (diagram.step) view.showMarks([], ...diagram.step.split('-'));
  else if (diagram.marks) view.showMarks(diagram.marks);
  if (diagram.plan) {
    view.showPlan(diagram.snapshot.state.board.plays.find((p) => p.token === diagram.plan));
  }
  return item;
}

// The options a room can be created with, each with its choices in words.
function optionsSection(id, texts) {
  const names = Object.keys(texts.options || {});
  if (!names.length) return null;
  return el(
    'section',
    { class: 'rules-section' },
    el('h2', {}, t('rules.optionsHeading')),
    el(
      'dl',
      { class: 'rules-options' },
      names.flatMap((name) => [
        el('dt', {}, optionLabel(id, name)),
        el(
          'dd',
          {},
          Object.keys(texts.options[name].values || {})
            .map((value) => valueLabel(id, name, value))
            .join(' · '),
        ),
      ]),
    ),
  );
}

function otherGames(current) {
  const others = GAME_IDS.filter((g) => g !== current);
  return el(
    'nav',
    { class: 'rules-section rules-others', 'aria-labelledby': 'rules-others-title' },
    el('h2', { id: 'rules-others-title' }, current ? t('rules.otherGames') : t('rules.learnTitle')),
    el(
      'ul',
      {},
      others.map((g) =>
        el(
          'li',
          {},
          el('a', { href: rulesPath(g) }, t('rules.rulesLink', { title: gameTexts(g).title })),
        ),
      ),
    ),
  );
}

// An unknown game: say so and list the games there are.
function showIndex(asked) {
  host.replaceChildren(
    el('p', { class: 'rules-back' }, el('a', { href: '/' }, t('rules.backToLobby'))),
    el('h1', {}, t('rules.learnTitle')),
    el('p', {}, t('rules.unknownGame', { id: asked })),
    otherGames(null),
  );
}
