// Profiles and leaderboards in the browser (#17): two players sign up, play a rated room to the
// end (one resigns), and each one's /u/<name> shows the new rating (provisional), its chart's
// points and the finished game's replay link; the lobby's leaderboard lists them with links to
// their profiles; a guest finds the Rated box disabled with the reason; axe-core finds no
// serious or critical violation on the profile page. Real quadra serve, real Chromium, real
// Argon2id (slow on a busy machine: generous timeouts).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browserSuite,
  createRoom,
  joinByCode,
  online,
  screenshot,
  seriousViolations,
  waitUntil,
} from './harness.js';

const suite = browserSuite();
const open = (options) => suite.open(options);
const SLOW = 90000; // Argon2id on a loaded machine
const KEY = 'kvadratura.untimed';

async function signUp(page, name) {
  await page.click('#sign-up');
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.click('#account-submit');
  await page.locator('#account-user', { hasText: name }).waitFor({ timeout: SLOW });
}

// The rating card of KEY on the profile page now shown: its number, provisional mark, and the
// ratings its chart's points stand for.
async function ratingCard(page) {
  const card = page.locator(`.rating-card[data-key="${KEY}"]`);
  await card.waitFor();
  const [rating, deviation] = (await card.locator('.rating-number').textContent())
    .split('±')
    .map((n) => Number(n.trim()));
  return {
    rating,
    deviation,
    provisional: await card.locator('.provisional').isVisible(),
    points: await card
      .locator('svg[role="img"] circle.chart-point')
      .evaluateAll((circles) => circles.map((c) => Number(c.getAttribute('data-rating')))),
    chartLabel: await card.locator('svg[role="img"]').getAttribute('aria-label'),
    tableRows: await card.locator('table.chart-table tbody tr').count(),
  };
}

describe('profiles and leaderboards', () => {
  test('a rated game to the end: new ratings, charts and the game on both profiles', async () => {
    const guest = await open({ name: 'Gus' });
    const rated = guest.page.locator('#create-rated');
    assert.equal(await rated.isDisabled(), true);
    await guest.page
      .locator('#create-rated-help', { hasText: 'Sign in to play rated games' })
      .waitFor();

    const ann = await open({ name: 'Ann' });
    await signUp(ann.page, 'Rowena');
    await waitUntil(async () => !(await ann.page.locator('#create-rated').isDisabled()), {
      what: 'the Rated box enabled for an account',
      timeout: SLOW,
    });
    assert.equal(await ann.page.locator('#who a').getAttribute('href'), '/u/Rowena');
    await ann.page.check('#create-rated');
    const code = await createRoom(ann.page, 'kvadratura', { size: 4 });
    // The guest's lobby lists the room as rated.
    await guest.page
      .locator(`#open-rooms [data-room="${code}"] .room-rated`, { hasText: 'Rated' })
      .waitFor();

    const bob = await open({ name: 'Bob' });
    await signUp(bob.page, 'Silas');
    await joinByCode(bob.page, code);
    await bob.page.click('#resign-button');
    await bob.page.click('#resign-button');
    await ann.page.locator('#result-banner', { hasText: 'resigned' }).waitFor();

    // The winner's profile: above 1500, provisional, a chart of two points (start and after).
    await ann.page.goto(`${suite.server.url}/u/Rowena`);
    await ann.page.locator('h1', { hasText: 'Ann' }).waitFor();
    await ann.page.locator('#profile-account', { hasText: 'User name: Rowena' }).waitFor();
    const won = await ratingCard(ann.page);
    assert.ok(won.rating > 1500, `winner's rating ${won.rating}`);
    assert.equal(won.provisional, true);
    assert.deepEqual(won.points, [1500, won.rating]);
    assert.equal(won.tableRows, 2);
    assert.match(won.chartLabel, new RegExp(`rated games: 1; from 1500 to ${won.rating};`));
    const replay = ann.page.locator('.recent-game a', { hasText: 'Replay' });
    assert.equal(await replay.getAttribute('href'), `/r/${code}?replay`);
    await ann.page.locator('.recent-outcome', { hasText: 'Win' }).waitFor();
    const record = ann.page.locator('.records-table tr[data-game="kvadratura"] td');
    assert.deepEqual(await record.allTextContents(), ['1', '0', '0']);
    assert.deepEqual(await seriousViolations(ann.page), []);
    await screenshot(ann.page, 'profile-winner');

    // The loser's: below 1500, a loss.
    await bob.page.goto(`${suite.server.url}/u/silas`);
    await bob.page.locator('h1', { hasText: 'Bob' }).waitFor();
    await bob.page.locator('#profile-account', { hasText: 'User name: Silas' }).waitFor();
    const lost = await ratingCard(bob.page);
    assert.ok(lost.rating < 1500, `loser's rating ${lost.rating}`);
    assert.equal(lost.provisional, true);
    assert.deepEqual(lost.points, [1500, lost.rating]);
    await bob.page.locator('.recent-outcome', { hasText: 'Loss' }).waitFor();

    // The replay link opens the finished game's replay.
    await replay.click();
    await ann.page.locator('#room-code', { hasText: code }).waitFor({ timeout: SLOW });

    // The lobby's leaderboard: the winner first, provisional, linking to the profile.
    await ann.page.goto(suite.server.url);
    await online(ann.page);
    await ann.page.selectOption('#leaderboard-key', KEY);
    const first = ann.page.locator('#leaderboard tbody tr').first();
    await first.locator('a', { hasText: 'Ann' }).waitFor();
    assert.equal(await first.locator('a').getAttribute('href'), '/u/Rowena');
    await first.locator('.provisional').waitFor();
    assert.equal(await ann.page.locator('#leaderboard tbody tr').count(), 2);

    // An unknown name.
    await guest.page.goto(`${suite.server.url}/u/Nobody`);
    await guest.page.locator('h1', { hasText: 'No such player' }).waitFor();

    for (const { problems } of [guest, ann, bob]) {
      // The unknown profile's 404 is expected; nothing else may go wrong.
      assert.deepEqual(
        problems.filter((p) => !p.includes('404')),
        [],
      );
    }
  });
});
