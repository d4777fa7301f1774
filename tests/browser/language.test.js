// The client in Russian (issue "the client a newcomer can learn from"): a browser whose language
// is Russian gets every page in Russian — the lobby, a room of each game (waiting, playing,
// finished and its replay), the rules pages, the analysis boards and a profile page — with no
// word left in Latin letters beyond an allowlist (the brand, board notation, room codes, key
// names); the header's language switch turns an English lobby into Russian, the choice survives
// a reload, and switching back works. Real `quadra serve`, real Chromium.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, online, screenshot, waitUntil } from './harness.js';

const suite = browserSuite();
const GAMES = ['quadrature', 'quadwrangle', 'kvadrat', 'kvadratura'];
const PLAYER = 'Аня';
const ACCOUNT = 'Борис Тестов';

// The lobby in a browser whose language is `locale`, connected.
const openIn = (locale) => suite.open({ device: { locale } });

// The 404 of a profile nobody has is the answer the missing-profile page is built on.
const notMissingProfile = (problem) => !problem.includes('status of 404');

// Every word in Latin letters the page shows (visible text nodes, SVG text included, and the
// labels, titles and placeholders of visible elements) that the allowlist does not excuse, as
// "word in «context»" lines. Text marked as another language (the switch's "English") is
// excused: it is meant to be read in that language.
async function latinWords(page, allowed = []) {
  return page.evaluate((extra) => {
    // The brand, a key's name, a hash's name and the sample room code of the join form.
    const excused = new Set(['Quadra', 'Enter', 'SHA', 'K7QM3X', ...extra]);
    // Room codes, the lobby's included (other tests' rooms are listed there too).
    for (const item of document.querySelectorAll('[data-room]')) excused.add(item.dataset.room);
    const cell = /^[a-o](1[0-5]|[1-9])$/; // a board cell: a1, c3, k11
    const square = /^[A-E][1-5]$/; // a Kvadrat square: A1 … E5
    const found = [];
    const pageLang = document.documentElement.lang;
    const check = (text, element) => {
      if (element.closest('[lang]') && element.closest('[lang]').lang !== pageLang) return;
      for (const match of text.matchAll(/[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*/g)) {
        const word = match[0];
        if (excused.has(word) || cell.test(word) || square.test(word)) continue;
        // Hashes are not words; coordinates along a board's edges are single file letters.
        if (element.closest('.replay-hash')) continue;
        if (/^[a-o]$/.test(word) && element.closest('.board-coord')) continue;
        found.push(`${word} in «${text.trim().slice(0, 80)}»`);
      }
    };
    const visible = (element) =>
      element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) ||
      element.closest('.sr-only') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent.trim()) continue;
      if (element.closest('script, style')) continue;
      const option = element.closest('option');
      if (option ? visible(option.closest('select')) : visible(element)) {
        check(node.textContent, element);
      }
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (!visible(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        // A replay's move shows its recorded token ("roll=36625", docs/rules.md) as its tip.
        if (name === 'title' && element.matches('.replay-move')) continue;
        if (element.hasAttribute(name)) check(element.getAttribute(name), element);
      }
    }
    // Words drawn by style sheets (content: "…") count too.
    for (const element of document.body.querySelectorAll('*')) {
      if (!visible(element)) continue;
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(element, pseudo).content;
        if (/^".*"$/.test(content)) check(content.slice(1, -1), element);
      }
    }
    check(document.title, document.documentElement);
    return found;
  }, allowed);
}

async function assertRussian(page, what, allowed = []) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru', what);
  const words = await latinWords(page, allowed);
  if (words.length) await screenshot(page, `language-${what.replace(/\W+/g, '-')}`);
  assert.deepEqual(words, [], `${what}: words in Latin letters`);
}

describe('the client in Russian', () => {
  test('a Russian browser gets the lobby, a room of each game, its replay, the rules, the analysis boards and a profile in Russian', async () => {
    const { page, problems } = await openIn('ru-RU');
    await page.fill('#name-input', PLAYER);
    await page.click('.name-card button[type=submit]');
    await page.locator('#who', { hasText: PLAYER }).waitFor();
    await page.locator('#create-game option').nth(3).waitFor({ state: 'attached' });
    await page.locator('#leaderboard :is(p, table)').waitFor();
    await page.locator('#your-games:not([hidden])').waitFor();
    assert.equal(await page.locator('#name-title').textContent(), 'Ваше имя');
    await assertRussian(page, 'lobby');

    const codes = [];
    for (const game of GAMES) {
      await page.selectOption('#create-game', game);
      await assertRussian(page, `create form of ${game}`);
      await page.click('#create-button');
      await page.locator('#room[data-status="waiting"]').waitFor();
      const code = await page.locator('#room-code').textContent();
      codes.push(code);
      await page.locator('#add-bot').waitFor();
      await assertRussian(page, `waiting room of ${game}`, [code]);

      // A computer fills the other seat: the game starts, with its board, clock-free status,
      // the life buttons and the move list.
      await page.selectOption('#bot-level', 'easy');
      await page.click('#add-bot');
      await page.locator('#room[data-status="playing"]').waitFor();
      await page.locator('#resign-button').waitFor();
      await page.locator('#offer-draw').waitFor();
      if (game === 'quadwrangle') {
        // Its dice: rolled, one kept for the re-roll, the plays on offer.
        await page.click('.board-button--primary');
        await page.locator('.board-die[aria-pressed]').first().waitFor();
        await page.locator('.board-die').first().click();
        await page.locator('.board-die[aria-pressed="true"]').waitFor();
      }
      await assertRussian(page, `room of ${game} in play`, [code]);
      await screenshot(page, `language-ru-${game}`);

      // Resigning finishes it: the result, its reason and the replay are in Russian too.
      await page.click('#resign-button');
      await page.locator('#resign-button.button--danger').waitFor();
      await assertRussian(page, `resign confirmation in ${game}`, [code]);
      await page.click('#resign-button');
      await page.locator('#room[data-status="finished"]').waitFor();
      await page.locator('#result-banner:not([hidden])').waitFor();
      assert.match(await page.locator('.result-reason').textContent(), /^Аня сдаёт партию$/);
      await page.locator('#rematch-button').waitFor();
      await assertRussian(page, `finished room of ${game}`, [code]);
      await page.click('#replay-button');
      await page.locator('#replay-ply').waitFor();
      await waitUntil(async () => (await page.locator('#replay-ply').textContent()).length > 0);
      await assertRussian(page, `replay of ${game}`, [code]);
      await page.click('#replay-close');
      await page.click('#leave-button');
      await page.locator('#lobby:not([hidden])').waitFor();
    }
    // Back in the lobby with finished games of its own: "your games" lists them in Russian.
    await page
      .locator('#your-finished li')
      .nth(GAMES.length - 1)
      .waitFor();
    await assertRussian(page, 'lobby with finished games', codes);

    for (const game of GAMES) {
      await page.goto(`${suite.server.url}/rules/${game}`);
      await page.locator('#rules h1').waitFor();
      await page.locator('.rules-figure .board').first().waitFor();
      await assertRussian(page, `rules of ${game}`);
    }
    await page.goto(`${suite.server.url}/rules/chess`);
    await page.locator('#rules h1').waitFor();
    await assertRussian(page, 'rules index', ['chess']);
    for (const game of GAMES) {
      await page.goto(`${suite.server.url}/analysis/${game}`);
      await page.locator('#analysis[data-position] .board').waitFor();
      await assertRussian(page, `analysis board of ${game}`);
    }
    assert.deepEqual(problems, []);
  });

  test('a profile page and the account form speak Russian', async () => {
    const { page, problems } = await openIn('ru-RU');
    await page.click('#sign-up');
    await assertRussian(page, 'sign-up form');
    await page.fill('#account-name', ACCOUNT);
    await page.fill('#account-password', 'short');
    await page.click('#account-submit');
    await page.locator('#account-error', { hasText: 'не меньше 8 символов' }).waitFor();
    await page.fill('#account-password', 'a long enough secret');
    await page.click('#account-submit');
    await page.locator('#sign-out').waitFor();
    await assertRussian(page, 'lobby of an account');
    await page.goto(`${suite.server.url}/u/${encodeURIComponent(ACCOUNT)}`);
    await page.locator('#profile-name').waitFor();
    await assertRussian(page, 'profile');
    // The account's display name is still the guest's ("Guest 17"), in Russian words.
    assert.match(await page.locator('#profile-name').textContent(), /^Гость \d+$/);
    assert.equal(
      await page.locator('#profile-account').textContent(),
      `Имя пользователя: ${ACCOUNT}`,
    );
    await page.goto(`${suite.server.url}/u/${encodeURIComponent('Никто Такой')}`);
    await page.locator('#profile h1', { hasText: 'Нет такого игрока' }).waitFor();
    await assertRussian(page, 'missing profile');
    assert.deepEqual(problems.filter(notMissingProfile), []);
  });

  test('the switch turns an English lobby into Russian, survives a reload and switches back', async () => {
    const { page, problems } = await openIn('en-US');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.locator('#name-title').textContent(), 'Your name');
    // Keyboard reachable: the third stop after the skip link and the brand.
    for (let i = 0; i < 3; ++i) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'language-select');
    const english = page.getByRole('combobox', { name: 'Language' });
    assert.equal(await english.inputValue(), 'en');

    await english.selectOption('ru');
    await page.locator('#name-title', { hasText: 'Ваше имя' }).waitFor();
    await online(page);
    await page.locator('#create-game option').nth(3).waitFor({ state: 'attached' });
    await assertRussian(page, 'switched lobby');
    await page.reload();
    await page.locator('#name-title', { hasText: 'Ваше имя' }).waitFor();
    const russian = page.getByRole('combobox', { name: 'Язык' });
    assert.equal(await russian.inputValue(), 'ru');

    // The rules and profile pages have the switch too, and follow the choice.
    await page.goto(`${suite.server.url}/rules/kvadrat`);
    await page.locator('#rules h1', { hasText: 'Квадрат — как играть' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Язык' }).inputValue(), 'ru');
    await page.goto(`${suite.server.url}/u/nobody`);
    await page.locator('#profile h1', { hasText: 'Нет такого игрока' }).waitFor();
    await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
    await page.locator('#profile h1', { hasText: 'No such player' }).waitFor();

    await page.goto(`${suite.server.url}/`);
    await page.locator('#name-title', { hasText: 'Your name' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.getByRole('combobox', { name: 'Language' }).inputValue(), 'en');
    assert.deepEqual(problems.filter(notMissingProfile), []);
  });
});
