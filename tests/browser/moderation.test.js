// Moderation in the browser (#31): Mara and Bob sign up; neither sees the header's Moderation
// link, and Bob's /mod says it is only for moderators. The operator grants Mara the moderator
// role with `quadra admin grant` while the server runs; after a reload her welcome carries the
// role and the link leads to /mod, where she mutes Bob for 60 minutes through the form: the
// accounts table shows him muted and the log's newest entry is her mute with its reason. Bob's
// chat line is refused in words that say until when. Bob and Mara play a rated game (through
// WebSocket clients with their session tokens: cheap), which puts both on the leaderboard; Mara
// takes Bob off the leaderboards through the form: the accounts table says so, the log's newest
// entry is the unlist, and GET /api/leaderboard no longer lists him (Mara still there). Mara bans
// Bob: his page is signed out and says a moderator banned the account, and signing in to it again
// is refused in words. In Russian, the page's headings, log, the unlisted cell and refusals and
// the header's link are Russian. Real quadra serve on a SQLite data directory, the real CLI, real
// Chromium, real Argon2id (slow on a busy machine).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SLOW,
  fillAccountForm,
  newestLogEntry,
  reloadUntilModerator,
  serverOnDataDir,
  signUp,
  text,
} from './account_fixture.js';
import {
  createRoom,
  installWsClient,
  online,
  screenshot,
  seriousViolations,
  waitUntil,
} from './harness.js';

// Kvadratura without a clock: the rating key of the rated game played below.
const RATING_KEY = 'kvadratura.untimed';

// The server (on a SQLite data directory, which the CLI writes to as well) and the browser.
const site = serverOnDataDir('quadra-moderation-');

// Signs up with the form's fields found by their labels (User name, Password).
const signUpByLabel = (page, name) => signUp(page, name, { byLabel: true });

// Fills the moderation form and applies it; `minutes` only for a mute ('' for good).
async function moderate(page, { action, name, reason, minutes = null }) {
  await page.selectOption('#mod-action', action);
  await page.fill('#mod-name', name);
  if (minutes !== null) await page.fill('#mod-minutes', String(minutes));
  await page.fill('#mod-reason', reason);
  await page.click('#mod-submit');
}

// The page's session token: a WebSocket client that says hello with it is that account.
const tokenOf = (page) => page.evaluate(() => localStorage.getItem('quadra.token'));

// A rated Kvadratura game, 4 × 4 without a clock, that `loser` resigns at once: played from
// inside `page` by WebSocket clients on the two accounts' session tokens, so that both have a
// rating under RATING_KEY without clicking through a game. Each is [name, token]: hello's name
// is the account's own, so that its display name stays as it was.
async function playRatedResignation(page, winnerAccount, loserAccount) {
  await installWsClient(page);
  return page.evaluate(
    async ([winnerAs, loserAs]) => {
      const winner = window.wsClient(...winnerAs);
      const loser = window.wsClient(...loserAs);
      await Promise.all([winner.ready, loser.ready]);
      const { room } = await loser.request({
        type: 'create_room',
        game: 'kvadratura',
        options: { size: 4 },
        public: false,
        rated: true,
      });
      const started = loser.wait((m) => m.type === 'snapshot' && m.status === 'playing');
      await winner.request({ type: 'join_room', room, as: 'player' });
      await started;
      const over = winner.wait((m) => m.type === 'snapshot' && m.status === 'finished');
      await loser.request({ type: 'resign', room });
      await over;
      winner.ws.close();
      loser.ws.close();
      return room;
    },
    [winnerAccount, loserAccount],
  );
}

// The account names on the leaderboard of RATING_KEY.
async function leaderboardAccounts() {
  const response = await fetch(`${site.server.url}/api/leaderboard/${RATING_KEY}`);
  assert.equal(response.status, 200);
  return (await response.json()).players.map((player) => player.account).sort();
}

// The audit log's newest entry: its action and its by, target, details and reason cells.
const newestEntry = (page) =>
  newestLogEntry(page, { by: 'by', target: 'target', details: 'details', reason: 'reason' });

describe('moderation', () => {
  test('a granted moderator mutes, unlists and bans through /mod; the account is told in words', async () => {
    const mara = await site.open();
    await signUpByLabel(mara.page, 'Mara');
    const bob = await site.open();
    await signUpByLabel(bob.page, 'Bob');

    // No role, no link; and /mod is not for Bob.
    for (const { page } of [mara, bob]) {
      assert.equal(await page.locator('#moderation-link').isVisible(), false);
    }
    await bob.page.goto(`${site.server.url}/mod`);
    await bob.page
      .locator('#mod-refused[role="alert"]', { hasText: 'Only moderators can see this page.' })
      .waitFor();
    assert.equal(await bob.page.locator('#mod-form').count(), 0);
    await bob.page.goto(`${site.server.url}/`);
    await online(bob.page);

    // The operator grants the role while the server runs; it applies within about a second and
    // arrives in the next welcome, so Mara's page is reloaded until it does.
    const granted = await site.admin('grant', 'Mara', 'moderator');
    assert.match(granted.stdout, /grant Mara: done/);
    await reloadUntilModerator(mara.page, 'Mara');
    const link = mara.page.locator('#moderation-link');
    assert.equal(await link.textContent(), 'Moderation');
    await screenshot(mara.page, 'moderation-link');
    await link.click();
    await mara.page.waitForURL(`${site.server.url}/mod`);
    const { page } = mara;
    await page.locator('#mod-form').waitFor();
    assert.equal(await text(page.locator('h1')), 'Moderation');
    const maraRow = page.locator('#mod-accounts-table tr[data-account="Mara"]');
    assert.equal(await text(maraRow.locator('.mod-role')), 'moderator');
    assert.deepEqual(await newestEntry(page), {
      action: 'grant',
      by: 'operator',
      target: 'Mara',
      details: 'moderator',
      reason: '—',
    });

    // The form: minutes only for a mute, and a reason is required (said, focus on it).
    await page.selectOption('#mod-action', 'ban');
    assert.equal(await page.locator('#mod-minutes').isDisabled(), true);
    await page.selectOption('#mod-action', 'mute');
    assert.equal(await page.locator('#mod-minutes').isDisabled(), false);
    await page.fill('#mod-name', 'Bob');
    await page.fill('#mod-reason', '   ');
    await page.click('#mod-submit');
    await page.locator('#mod-error[role="alert"]', { hasText: 'Give a reason.' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.id), 'mod-reason');
    assert.deepEqual(await seriousViolations(page), [], 'the moderation page');

    // Bob is in a room, where the chat is.
    await createRoom(bob.page, 'kvadratura', { size: 4 });
    await bob.page.locator('#chat-input').waitFor();

    await moderate(page, { action: 'mute', name: 'Bob', minutes: 60, reason: 'Spam in the chat' });
    await page.locator('#mod-status', { hasText: 'Bob is muted.' }).waitFor();
    const bobRow = page.locator('#mod-accounts-table tr[data-account="Bob"]');
    await bobRow.waitFor();
    assert.match(await text(bobRow.locator('.mod-chat')), /^muted until .+/);
    assert.equal(await text(bobRow.locator('.mod-banned')), 'allowed');
    const mute = await newestEntry(page);
    assert.deepEqual(
      { ...mute, details: mute.details.startsWith('until ') },
      { action: 'mute', by: 'Mara', target: 'Bob', details: true, reason: 'Spam in the chat' },
    );
    assert.equal(await page.inputValue('#mod-reason'), '', 'the form is emptied once done');
    await screenshot(page, 'moderation-muted');

    // Bob's chat line is refused, in words saying until when; nobody sees it.
    await bob.page.fill('#chat-input', 'buy cheap gold');
    await bob.page.press('#chat-input', 'Enter');
    await bob.page
      .locator('.toast--error', { hasText: /A moderator has muted you: you cannot chat until .+/ })
      .waitFor();
    assert.equal(await bob.page.locator('.chat-line', { hasText: 'buy cheap gold' }).count(), 0);
    assert.equal(await bob.page.locator('#moderation-link').isVisible(), false);

    // Off the leaderboards: after a rated game both are listed; once Mara unlists Bob, only she
    // is (his rating goes on: the server's tests cover that).
    await playRatedResignation(
      bob.page,
      ['Mara', await tokenOf(page)],
      ['Bob', await tokenOf(bob.page)],
    );
    assert.deepEqual(await leaderboardAccounts(), ['Bob', 'Mara']);
    await moderate(page, { action: 'unlist', name: 'Bob', reason: 'Boosted rating' });
    await page.locator('#mod-status', { hasText: 'Bob is off the leaderboards' }).waitFor();
    await waitUntil(
      async () => (await text(bobRow.locator('.mod-leaderboards'))) === 'off the leaderboards',
      { what: 'Bob off the leaderboards in the accounts table' },
    );
    assert.equal(await text(maraRow.locator('.mod-leaderboards')), 'listed');
    assert.deepEqual(await newestEntry(page), {
      action: 'unlist',
      by: 'Mara',
      target: 'Bob',
      details: '—',
      reason: 'Boosted rating',
    });
    assert.equal(
      await text(page.locator('#mod-log-table tbody tr').first().locator('.mod-action')),
      'off the leaderboards',
    );
    assert.deepEqual(await leaderboardAccounts(), ['Mara']);
    // Unlisting twice changes nothing, and says so.
    await moderate(page, { action: 'unlist', name: 'Bob', reason: 'again' });
    await page.locator('#mod-error', { hasText: 'Bob is off the leaderboards already.' }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'the moderation page, Bob unlisted');

    // The ban: Bob's page is signed out and says why; his password no longer signs in.
    await moderate(page, { action: 'ban', name: 'Bob', reason: 'Spam after a mute' });
    await page.locator('#mod-status', { hasText: 'Bob is banned' }).waitFor();
    await waitUntil(async () => (await text(bobRow.locator('.mod-banned'))) === 'banned', {
      what: 'Bob banned in the accounts table',
    });
    assert.equal((await newestEntry(page)).action, 'ban');
    await bob.page
      .locator('#banned-notice[role="alert"]', { hasText: 'A moderator banned your account' })
      .waitFor({ timeout: SLOW });
    await online(bob.page);
    assert.equal(await bob.page.locator('#account-user').isVisible(), false);
    await screenshot(bob.page, 'moderation-banned');
    await fillAccountForm(bob.page, '#sign-in', 'Bob', { byLabel: true });
    await bob.page
      .locator('#account-error', { hasText: 'A moderator has banned this account' })
      .waitFor({ timeout: SLOW });

    for (const { problems } of [mara, bob]) assert.deepEqual(problems, []);
  });

  test('the moderation page in Russian: headings, log and refusals', async () => {
    // Mara's page from the first test, still signed in as the moderator.
    const mara = site.pages[0];
    const { page } = mara;
    await page.goto(`${site.server.url}/mod`);
    await page.locator('#mod-form').waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await page.locator('h1', { hasText: 'Модерация' }).waitFor();
    await page.locator('#mod-form').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru');
    assert.equal(await page.title(), 'Quadra — модерация');
    assert.deepEqual(await page.locator('h2').allTextContents(), [
      'Открытые жалобы',
      'Заблокировать аккаунт, запретить ему чат или убрать из рейтингов',
      'Закрыть комнату',
      'Аккаунты с ролью или ограничением',
      'Заблокированные адреса',
      'Журнал действий',
    ]);
    assert.equal((await newestEntry(page)).action, 'ban');
    assert.equal(
      await text(page.locator('#mod-log-table tbody tr').first().locator('.mod-action')),
      'блокировка',
    );
    const bobRow = page.locator('#mod-accounts-table tr[data-account="Bob"]');
    assert.equal(await text(bobRow.locator('.mod-banned')), 'заблокирован');
    assert.equal(await text(bobRow.locator('.mod-leaderboards')), 'убран из таблиц рейтинга');
    const unlisted = page.locator('#mod-log-table tbody tr[data-action="unlist"]').first();
    assert.equal(await text(unlisted.locator('.mod-action')), 'удаление из таблиц рейтинга');

    await moderate(page, { action: 'ban', name: 'Никто Такой', reason: 'проверка' });
    await page.locator('#mod-error', { hasText: 'Аккаунта с таким именем нет.' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.id), 'mod-name');
    await moderate(page, { action: 'ban', name: 'Bob', reason: 'ещё раз' });
    await page.locator('#mod-error', { hasText: 'Аккаунт Bob уже заблокирован.' }).waitFor();
    await moderate(page, { action: 'mute', name: 'Mara', reason: 'себя нельзя' });
    await page
      .locator('#mod-error', { hasText: /^Нельзя: у аккаунта Mara роль не ниже/ })
      .waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'the moderation page in Russian');
    await screenshot(page, 'moderation-ru');
    // The header's link, in Russian too.
    await page.getByRole('link', { name: 'Назад в лобби' }).click();
    await online(page);
    await page.locator('#moderation-link', { hasText: 'Модерация' }).waitFor();
    assert.deepEqual(mara.problems, []);
  });
});
