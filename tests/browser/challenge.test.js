// Challenges and correspondence seeks against the real server (PROTOCOL.md "Challenges"), two
// accounts in two browser contexts. In English: Ann opens Bob's profile page and challenges him
// (casual, 5 min + 3 s). While Bob takes rated challenges only, the form says why it was refused;
// his first answer declines with a reason, which her profile page words; she challenges again, on
// a 5 × 5 board (the form's options: the board size is back at its default after another game,
// Kvadrat's players are fixed to two), and goes back to the lobby, where the challenge waits; Bob
// sees its board size, accepts it from his lobby's challenges panel and both are seated in the
// same 5 × 5 room, Ann's lobby opening it by itself (a live clock).
// Bob resigns; back in the lobby, Ann's "Your games" has the finished game with "Challenge Bob",
// which opens the form in that card, and her challenge from it reaches Bob's lobby.
// In Russian: Vera posts a correspondence seek (Play now with 1 day per move), which is listed
// under the open challenges (a guest may not accept it); Gleb accepts it and is seated; Vera's
// lobby says so with the room, and its "Open game" seats her there too. axe-core finds no
// serious or critical violation on the profile page with its form, nor on the lobbies (one with
// the form open in "Your games").

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, screenshot, seriousViolations, waitUntil } from './harness.js';
import { SLOW, signUp } from './account_fixture.js';

const suite = browserSuite();
const attr = (page, name) => page.locator('#room').getAttribute(`data-${name}`);
const text = async (locator) => (await locator.textContent()).trim();
const focused = (page) => page.evaluate(() => document.activeElement?.id || '');

// A page in `locale` named and signed up as `name`.
async function account(name, locale) {
  const opened = await suite.open({ name, device: { locale } });
  await signUp(opened.page, name);
  return opened;
}

// The room `page` shows once its game is on, with both `names` among the players.
async function seatedIn(page, names) {
  const code = page.locator('#room-code');
  await code.waitFor();
  await waitUntil(async () => (await attr(page, 'status')) === 'playing', {
    what: 'the game to start',
  });
  for (const name of names) {
    await page.locator('#players .player-name', { hasText: name }).first().waitFor();
  }
  return { code: await code.textContent(), seat: Number(await attr(page, 'seat')) };
}

// Fills the open challenge form (game, its options by name, clock by its label) and sends it.
async function sendChallenge(
  page,
  { game = 'kvadratura', options = {}, clock = '5 min + 3 s' } = {},
) {
  await page.selectOption('#challenge-game', game);
  for (const [name, value] of Object.entries(options)) {
    await page.selectOption(`#challenge-opt-${name}`, String(value));
  }
  await page.selectOption('#challenge-clock', { label: clock });
  await page.click('#challenge-send');
}

// The accepted game of Ann (seated as `ann.seat` in room `ann.code`) and Bob ends: he resigns.
// Both go back to the lobby, where "Your games" lists it finished, with a "Challenge <other>"
// for each (none for oneself); Ann's opens the challenge form in that card, her challenge is sent
// from it, the focus back on the button, and Bob's lobby lists it as a challenge to him.
async function challengeAgainFromYourGames(annPage, bobPage, ann) {
  await bobPage.click('#resign-button');
  await bobPage.click('#resign-button');
  await annPage.locator('#result-banner', { hasText: 'Bob resigned' }).waitFor();
  for (const page of [annPage, bobPage]) await page.click('#leave-button');

  const players = ann.seat === 0 ? 'Ann vs Bob' : 'Bob vs Ann';
  const game = annPage.locator(`#your-finished li[data-room="${ann.code}"]`);
  const again = game.getByRole('button', {
    name: `Challenge Bob to a new game: your opponent in Kvadratura, ${players}`,
  });
  await again.waitFor({ timeout: SLOW });
  assert.equal(await text(again), 'Challenge Bob');
  assert.equal(await game.locator('button.your-game-challenge').count(), 1, 'none for oneself');
  const theirs = bobPage.locator(`#your-finished li[data-room="${ann.code}"]`);
  await theirs.getByRole('button', { name: /^Challenge Ann to a new game/ }).waitFor();

  // By keyboard: the button takes the focus and Enter opens the form below the lists.
  await again.focus();
  await annPage.keyboard.press('Enter');
  await annPage.locator('#your-games #challenge-form').waitFor();
  assert.equal(await focused(annPage), 'challenge-game');
  await annPage.locator('#your-games #challenge-title', { hasText: 'Challenge Bob' }).waitFor();
  assert.equal(await again.isHidden(), true, 'the form stands in for its button');
  assert.deepEqual(await seriousViolations(annPage), []);
  await screenshot(annPage, 'challenge-from-your-games');

  await sendChallenge(annPage, { clock: '3 days per move' });
  await annPage
    .locator('#your-games #challenge-status', { hasText: 'Challenge sent to Bob: Kvadratura' })
    .waitFor();
  await annPage.locator('#your-games #challenge-form').waitFor({ state: 'detached' });
  await again.waitFor();
  const opener = await annPage.evaluate(() => document.activeElement?.dataset.challenge);
  assert.equal(opener, 'Bob', 'the focus is back on the button');
  await screenshot(annPage, 'challenge-sent-from-your-games');
  await annPage
    .locator('#challenges-outgoing li[data-status="open"]', { hasText: 'To Bob' })
    .waitFor();

  const incoming = bobPage.locator('#challenges-incoming li[data-from="Ann"]');
  await incoming.waitFor();
  assert.match(await text(incoming), /3 days per move · casual/);
}

describe('challenges', () => {
  test('Ann challenges Bob from his profile page; he accepts and both are seated', async () => {
    const ann = await account('Ann', 'en-US');
    const bob = await account('Bob', 'en-US');
    // Bob's lobby has the panel, empty, and takes rated challenges only for now.
    await bob.page
      .locator('#challenges-incoming', { hasText: 'Nobody is challenging you' })
      .waitFor({ timeout: SLOW });
    await bob.page.selectOption('#challenge-policy', 'rated');
    await bob.page
      .locator('#challenge-news', { hasText: 'You accept challenges from: rated games only.' })
      .waitFor();

    // Ann on Bob's profile page: the form opens with the focus on its first field, and Escape
    // closes it, the focus back on the button.
    await ann.page.goto(`${suite.server.url}/u/Bob`);
    const open = ann.page.locator('#challenge-player');
    await open.waitFor();
    assert.equal(await open.getAttribute('aria-label'), 'Challenge Bob to a game');
    await open.click();
    await ann.page.locator('#challenge-form').waitFor();
    assert.equal(await focused(ann.page), 'challenge-game');
    await ann.page.keyboard.press('Escape');
    await ann.page.locator('#challenge-form').waitFor({ state: 'detached' });
    assert.equal(await focused(ann.page), 'challenge-player');

    // Takebacks are asked about for a rated game only (a casual one always allows them).
    await open.click();
    const takebacks = ann.page.locator('#challenge-takebacks-field');
    assert.equal(await takebacks.isHidden(), true);
    await ann.page.check('#challenge-rated');
    await takebacks.waitFor();
    await ann.page.uncheck('#challenge-rated');
    await takebacks.waitFor({ state: 'hidden' });
    assert.deepEqual(await seriousViolations(ann.page), []);
    await screenshot(ann.page, 'challenge-form');

    // A casual challenge to a player who takes rated ones only is refused, in the form.
    await sendChallenge(ann.page);
    await ann.page
      .locator('#challenge-error', {
        hasText: 'the player takes no challenges, or rated ones only',
      })
      .waitFor();

    // Bob takes any challenge again; the first one he declines as too fast.
    await bob.page.selectOption('#challenge-policy', 'all');
    await bob.page
      .locator('#challenge-news', { hasText: 'You accept challenges from: everyone.' })
      .waitFor();
    await sendChallenge(ann.page);
    await ann.page
      .locator('#challenge-status', { hasText: 'Challenge sent to Bob: Kvadratura' })
      .waitFor();
    assert.equal(await focused(ann.page), 'challenge-player');
    const incoming = bob.page.locator('#challenges-incoming li[data-from="Ann"]');
    await incoming.waitFor();
    assert.match(await text(incoming), /5:00 \+ 3s · casual/);
    await incoming.locator('select').selectOption('too_fast');
    await incoming
      .getByRole('button', { name: 'Decline the challenge of Ann: Kvadratura' })
      .click();
    await ann.page
      .locator('#challenge-status', { hasText: 'Bob declined: the clock is too fast for them.' })
      .waitFor();
    await incoming.waitFor({ state: 'detached' });

    // Again, on a 5 × 5 board. The game's options are the create form's controls at their
    // defaults, drawn anew with each game; Kvadrat's players are said, not asked.
    await open.click();
    await ann.page.selectOption('#challenge-game', 'kvadratura');
    await ann.page.selectOption('#challenge-opt-size', '5');
    await ann.page.selectOption('#challenge-game', 'kvadrat');
    await ann.page
      .locator('#challenge-game-help', { hasText: 'Players: Two players — a challenge is a game' })
      .waitFor();
    assert.equal(await ann.page.locator('#challenge-opt-players').count(), 0);
    await ann.page.locator('#challenge-opt-pieces').waitFor();
    await ann.page.selectOption('#challenge-game', 'kvadratura');
    assert.equal(await ann.page.inputValue('#challenge-opt-size'), '8');
    assert.equal(await ann.page.locator('#challenge-game-help').isHidden(), true);
    // Ann waits in the lobby, her challenge listed there.
    await sendChallenge(ann.page, { options: { size: 5 } });
    await ann.page
      .locator('#challenge-status', { hasText: 'Challenge sent to Bob: Kvadratura: 5 × 5 board' })
      .waitFor();
    await ann.page.click('text=Back to the lobby');
    const waiting = ann.page.locator('#challenges-outgoing li[data-status="open"]');
    await waiting.waitFor();
    assert.match(await text(waiting), /To Bob — Waiting for Bob to answer\./);
    const sized = bob.page.locator('#challenges-incoming li[data-from="Ann"]');
    await sized.waitFor();
    assert.match(await text(sized), /5 × 5 board · First square loses · 5:00 \+ 3s · casual/);
    assert.deepEqual(await seriousViolations(bob.page), []);
    await screenshot(bob.page, 'challenge-incoming');

    // Bob accepts: he is seated in the new room, and Ann's lobby takes her there by itself.
    await bob.page.getByRole('button', { name: 'Accept the challenge of Ann: Kvadratura' }).click();
    const b = await seatedIn(bob.page, ['Ann', 'Bob']);
    const a = await seatedIn(ann.page, ['Ann', 'Bob']);
    assert.equal(a.code, b.code);
    assert.deepEqual([a.seat, b.seat].sort(), [0, 1]);
    assert.equal(new URL(ann.page.url()).pathname, `/r/${a.code}`);
    await ann.page.locator('#board-host svg').first().waitFor();
    // The room has the challenge's options: a 5 × 5 board.
    for (const page of [ann.page, bob.page]) {
      await page.locator('#room .room-options', { hasText: '5 × 5 board' }).waitFor();
      assert.equal(await page.locator('#board-host g.board-cell').count(), 25);
    }
    await screenshot(ann.page, 'challenge-accepted-room');

    await challengeAgainFromYourGames(ann.page, bob.page, a);
    for (const { problems } of [ann, bob]) assert.deepEqual(problems, []);
  });

  test('in Russian: a correspondence seek is listed, accepted, and its poster told', async () => {
    const vera = await account('Vera', 'ru-RU');
    const gleb = await account('Gleb', 'ru-RU');
    const guest = await suite.open({ name: 'Gus', device: { locale: 'ru-RU' } });
    assert.equal(await vera.page.evaluate(() => document.documentElement.lang), 'ru');

    // Play now with a day per move: listed as an open challenge, not "Seeking…".
    await vera.page.selectOption('#seek-game', 'kvadratura');
    await vera.page.selectOption('#seek-opt-size', '4');
    await vera.page.selectOption('#seek-clock', { label: '1 день на ход' });
    await vera.page.locator('#seek-clock-help', { hasText: 'заявка остаётся в списке' }).waitFor();
    await vera.page.click('#seek-button');
    await vera.page
      .locator('#seek-listed', { hasText: 'Ваша заявка по переписке видна в открытых вызовах' })
      .waitFor();
    assert.equal(await vera.page.locator('#seeking').isHidden(), true);
    // Her own is listed with Cancel; her panel lists it as open to anyone.
    const own = vera.page.locator('#open-challenges li[data-from="Vera"]');
    await own.getByRole('button', { name: 'Отменить' }).waitFor();
    assert.match(await text(own), /ваш вызов/);
    await vera.page
      .locator('#challenges-outgoing li[data-status="open"]', { hasText: 'Открыт для всех' })
      .waitFor();

    // A guest sees it with Accept disabled and why.
    const listedForGuest = guest.page.locator('#open-challenges li[data-from="Vera"]');
    await listedForGuest.waitFor();
    assert.equal(await listedForGuest.getByRole('button', { name: /Принять/ }).isDisabled(), true);
    await guest.page
      .locator('#open-challenges-hint', { hasText: 'Войдите, чтобы принять открытый вызов.' })
      .waitFor();

    // Gleb accepts it and is seated; Vera's lobby says so, with the room.
    const listed = gleb.page.locator('#open-challenges li[data-from="Vera"]');
    assert.match(await text(listed), /1 день на ход · без рейтинга/);
    assert.deepEqual(await seriousViolations(gleb.page), []);
    await screenshot(gleb.page, 'open-challenge-ru');
    await listed
      .getByRole('button', { name: 'Принять открытый вызов игрока Vera: Квадратура' })
      .click();
    const g = await seatedIn(gleb.page, ['Vera', 'Gleb']);
    const news = vera.page.locator('#challenge-news');
    await news
      .filter({ hasText: `Gleb принял(а) ваш вызов: партия в комнате ${g.code}.` })
      .waitFor();
    // A correspondence game waits for her: the lobby stays, with "Open game".
    assert.equal(await vera.page.locator('#lobby').isVisible(), true);
    const accepted = vera.page.locator('#challenges-outgoing li[data-status="accepted"]');
    assert.match(
      await text(accepted),
      new RegExp(`Gleb принял\\(а\\) вызов: партия в комнате ${g.code}`),
    );
    await waitUntil(async () => (await listedForGuest.count()) === 0, {
      what: 'the taken challenge to leave the open challenges',
    });
    assert.deepEqual(await seriousViolations(vera.page), []);
    await screenshot(vera.page, 'open-challenge-accepted-ru');
    await accepted.getByRole('link', { name: `Открыть партию в комнате ${g.code}` }).click();
    const v = await seatedIn(vera.page, ['Vera', 'Gleb']);
    assert.equal(v.code, g.code);
    assert.deepEqual([v.seat, g.seat].sort(), [0, 1]);
    for (const { problems } of [vera, gleb, guest]) assert.deepEqual(problems, []);
  });
});
