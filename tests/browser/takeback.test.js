// Takebacks by consent against the real server (PROTOCOL.md "takeback"), in each language: two
// players in two browser contexts play a casual 2-player Kvadratura room. The player who moved
// asks to take the move back from the life panel; the opponent sees the request and accepts, so
// the board shows the cell empty again and it is the asker's turn; then declines the next
// request, so the move stays; a request lapses when its answerer moves instead. The English
// game clicks, the Russian one uses the keyboard. The lobby's create form offers "Allow
// takebacks" only for a rated or 4-player game, and its room list marks such a room.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browserSuite,
  createRoom,
  joinByCode,
  screenshot,
  seriousViolations,
  version,
  waitUntil,
} from './harness.js';

const suite = browserSuite();
const attr = (page, name) => page.locator('#room').getAttribute(`data-${name}`);
const cell = (page, name) => page.locator(`#board-host g.board-cell[aria-label^="${name},"]`);
const offerLine = (page) => page.locator('.life-offer');

// The words each language's pages show (web-client/i18n/takeback.js, the boards' own words).
const WORDS = {
  en: {
    empty: 'empty',
    checker: 'white checker',
    ask: 'Take back',
    asked: (answerer) => `Takeback asked; waiting for ${answerer}.`,
    theyAsk: (asker) => `${asker} asks to take back their last move.`,
    accept: 'Accept takeback',
    decline: 'Decline',
    declineName: 'Decline the takeback',
    accepted: (answerer) => `Takeback accepted: ${answerer} agreed, and it is your move again.`,
    acceptedSeen: (asker) => `Takeback accepted: ${asker}’s last move is taken back.`,
    declined: (answerer) => `Takeback declined: ${answerer} keeps your move on the board.`,
    declinedSeen: (asker) => `Takeback declined: ${asker}’s move stands.`,
    lapsed: (answerer) => `Your takeback lapsed: ${answerer} moved.`,
  },
  ru: {
    empty: 'свободно',
    checker: 'шашка: белые',
    ask: 'Вернуть ход',
    asked: (answerer) => `Вы попросили вернуть ход; ждём ответа игрока ${answerer}.`,
    theyAsk: (asker) => `${asker} просит вернуть свой последний ход.`,
    accept: 'Разрешить вернуть ход',
    decline: 'Отклонить',
    declineName: 'Отклонить возврат хода',
    accepted: (answerer) => `Возврат хода принят (${answerer}): снова ваш ход.`,
    acceptedSeen: (asker) => `Возврат хода принят: последний ход игрока ${asker} отменён.`,
    declined: (answerer) => `Возврат хода отклонён (${answerer}): ваш ход остаётся на доске.`,
    declinedSeen: (asker) => `Возврат хода отклонён: ход игрока ${asker} остаётся.`,
    lapsed: (answerer) => `Ваша просьба вернуть ход снята: ${answerer} сделал(а) ход.`,
  },
};

// Two players in a casual 4×4 Kvadratura room, started: the creator holds seat 0 (White, to
// move). `locale`: the browsers' language.
async function startGame([first, second], locale) {
  const device = { locale };
  const ann = await suite.open({ name: first, device });
  const code = await createRoom(ann.page, 'kvadratura', { size: 4 });
  const bob = await suite.open({ name: second, device });
  await joinByCode(bob.page, code);
  for (const page of [ann.page, bob.page]) {
    await waitUntil(async () => (await attr(page, 'status')) === 'playing', {
      what: 'the game to start',
    });
  }
  assert.equal(await attr(ann.page, 'seat'), '0');
  assert.equal(await attr(ann.page, 'to-move'), '0');
  return { ann, bob, pages: [ann.page, bob.page] };
}

// Waits until every page shows snapshot version `v` with seat `toMove` to move.
async function settle(pages, v, toMove) {
  for (const page of pages) {
    await waitUntil(
      async () => (await version(page)) === v && (await attr(page, 'to-move')) === String(toMove),
      { what: `version ${v} with seat ${toMove} to move` },
    );
  }
}

// Presses a life-panel button: a click, or with `keyboard` focus and Enter.
async function press(page, id, keyboard) {
  const button = page.locator(`#${id}`);
  if (!keyboard) return button.click();
  await button.focus();
  return page.keyboard.press('Enter');
}

// One game of takebacks in `lang`: accepted, declined, then lapsed.
async function takebacks(lang, names, { keyboard = false } = {}) {
  const words = WORDS[lang];
  const [first, second] = names;
  const { ann, bob, pages } = await startGame(names, lang === 'ru' ? 'ru-RU' : 'en-US');
  for (const page of pages) {
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.equal(await page.locator('#takeback-button').count(), 0, 'nobody has moved yet');
  }

  // The first player moves: only they are offered a takeback.
  await cell(ann.page, 'a1').click();
  await settle(pages, 1, 1);
  const ask = ann.page.locator('#takeback-button');
  await ask.waitFor();
  assert.equal(await ask.textContent(), words.ask);
  assert.equal(await bob.page.locator('#takeback-button').count(), 0);

  // They ask; the opponent sees the request with Accept and Decline, the asker waits.
  await press(ann.page, 'takeback-button', keyboard);
  await offerLine(ann.page)
    .filter({ hasText: words.asked(second) })
    .waitFor();
  assert.equal(await ann.page.locator('#takeback-button').count(), 0);
  await offerLine(bob.page)
    .filter({ hasText: words.theyAsk(first) })
    .waitFor();
  assert.equal(await bob.page.locator('#takeback-accept').textContent(), words.accept);
  assert.equal(await bob.page.locator('#takeback-decline').textContent(), words.decline);
  await bob.page.getByRole('button', { name: words.declineName }).waitFor();
  // The line is the life panel's live region: a screen reader hears the request.
  assert.equal(await offerLine(bob.page).getAttribute('role'), 'status');
  await screenshot(bob.page, `takeback-${lang}-request`);
  assert.deepEqual(await seriousViolations(bob.page), []);

  // Accepted: the move is undone everywhere, the cell is empty and the asker is to move again.
  await press(bob.page, 'takeback-accept', keyboard);
  await settle(pages, 0, 0);
  for (const page of pages) {
    await waitUntil(
      async () =>
        (await cell(page, 'a1').getAttribute('aria-label')).startsWith(`a1, ${words.empty}`),
      { what: 'a1 to be empty again' },
    );
    assert.equal(await page.locator('#move-list li').count(), 0, 'the move left the move list');
  }
  await offerLine(ann.page)
    .filter({ hasText: words.accepted(second) })
    .waitFor();
  await offerLine(bob.page)
    .filter({ hasText: words.acceptedSeen(first) })
    .waitFor();
  assert.equal(await bob.page.locator('#takeback-accept').count(), 0);
  await screenshot(ann.page, `takeback-${lang}-accepted`);

  // The asker moves elsewhere and asks again; the opponent declines: the move stays.
  await cell(ann.page, 'b2').click();
  await settle(pages, 1, 1);
  await ann.page.locator('#move-list li').first().waitFor();
  await press(ann.page, 'takeback-button', keyboard);
  await bob.page.locator('#takeback-decline').waitFor();
  await press(bob.page, 'takeback-decline', keyboard);
  await offerLine(ann.page)
    .filter({ hasText: words.declined(second) })
    .waitFor();
  await offerLine(bob.page)
    .filter({ hasText: words.declinedSeen(first) })
    .waitFor();
  for (const page of pages) {
    assert.equal(await version(page), 1);
    assert.equal(await attr(page, 'to-move'), '1');
    assert.match(await cell(page, 'b2').getAttribute('aria-label'), new RegExp(words.checker));
    assert.equal(await page.locator('#move-list li').count(), 1);
  }
  // Not offered again for the declined move.
  assert.equal(await ann.page.locator('#takeback-button').count(), 0);
  await screenshot(ann.page, `takeback-${lang}-declined`);

  // The opponent moves and asks; the first player moves instead, so the request lapses.
  await cell(bob.page, 'd4').click();
  await settle(pages, 2, 0);
  await press(bob.page, 'takeback-button', keyboard);
  await offerLine(ann.page)
    .filter({ hasText: words.theyAsk(second) })
    .waitFor();
  await cell(ann.page, 'a4').click();
  await settle(pages, 3, 1);
  await offerLine(bob.page)
    .filter({ hasText: words.lapsed(first) })
    .waitFor();
  assert.equal(await ann.page.locator('#takeback-accept').count(), 0);
  assert.match(await cell(bob.page, 'd4').getAttribute('aria-label'), /^d4, /);
  await ann.page.locator('#takeback-button').waitFor();

  for (const { problems } of [ann, bob]) assert.deepEqual(problems, []);
}

describe('takebacks by consent against the real server', () => {
  test('in English: asked, accepted (the cell empties), declined (the move stays), lapsed', async () => {
    await takebacks('en', ['Ann', 'Bob']);
  });

  test('in Russian, by keyboard: asked, accepted, declined, lapsed', async () => {
    await takebacks('ru', ['Аня', 'Борис'], { keyboard: true });
  });

  test('the create form offers "Allow takebacks" for a 4-player game; the lobby marks the room', async () => {
    const { page, problems } = await suite.open({ name: 'Cy' });
    const field = page.locator('#create-takebacks-field');
    await page.selectOption('#create-game', 'kvadratura');
    assert.equal(await field.isVisible(), false, 'a casual 2-player room always allows them');
    await page.selectOption('#create-game', 'kvadrat');
    assert.equal(await field.isVisible(), false, 'Kvadrat is 2-player by default');
    await page.selectOption('#opt-players', '4');
    await field.waitFor();
    await page.getByLabel('Allow takebacks').check();
    await page.selectOption('#opt-players', '2');
    await field.waitFor({ state: 'hidden' });
    await page.selectOption('#opt-players', '4');
    assert.equal(
      await page.locator('#create-takebacks').isChecked(),
      false,
      'unchecked once hidden',
    );
    await page.getByLabel('Allow takebacks').check();
    await page.click('#create-button');
    const codeBox = page.locator('#room-code');
    await codeBox.waitFor();
    await waitUntil(async () => (await codeBox.textContent()).length > 0);
    const code = await codeBox.textContent();

    const { page: lobby, problems: lobbyProblems } = await suite.open({ name: 'Dee' });
    const entry = lobby.locator(`#open-rooms [data-room="${code}"]`);
    await entry.locator('.room-takebacks', { hasText: 'Takebacks' }).waitFor();
    await screenshot(lobby, 'takeback-lobby-marker');
    assert.deepEqual(problems, []);
    assert.deepEqual(lobbyProblems, []);
  });
});
