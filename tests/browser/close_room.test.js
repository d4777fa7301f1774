// Closing a room from /mod (PROTOCOL.md "close_room") in the browser, on one server:
// * Ann and Bob (guests) play Kvadratura, a move each; Mara signs up and is granted the moderator
//   role with `quadra admin grant`. On /mod the "Close a room" form is checked by keyboard (an
//   empty code, then a blank reason refused in words, the focus on the field to fix; the ending
//   a radio group with its legend; axe), then Mara pastes the room's address and aborts the game
//   with a reason: she is told so, both players' pages show "Game aborted" and the moderator's
//   words, never "Draw" nor "You win", and the log's newest entry is the close with the room and
//   the ending in words. Closing it again, a room that does not exist and one still waiting for
//   players are refused in words. Ann's "your games" and the replay say "Aborted" too.
// * in Russian: a game of more moves than an abort allows is refused, then closed with no
//   result for a Russian reason; Bob's Russian page says "Без результата", never "Ничья"; the log
//   in Russian.
// Real quadra serve on a SQLite data directory, the real CLI, real Chromium.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  focused,
  newestLogEntry,
  reloadUntilModerator,
  serverOnDataDir,
  signUp,
  text,
} from './account_fixture.js';
import {
  createRoom,
  joinByCode,
  online,
  screenshot,
  seriousViolations,
  version,
  waitUntil,
} from './harness.js';

const site = serverOnDataDir('quadra-close-room-');
const people = {}; // name -> { page, problems }

const attr = (page, name) => page.locator('#room').getAttribute(`data-${name}`);

// The player to move among `pages` clicks the first cell open to them, `count` times; each move
// waits until every page shows it.
async function playMoves(pages, count) {
  for (let move = 0; move < count; move += 1) {
    let mover = null;
    await waitUntil(
      async () => {
        for (const page of pages) {
          if ((await attr(page, 'to-move')) === (await attr(page, 'seat'))) mover = page;
        }
        return mover !== null;
      },
      { what: 'a player to move' },
    );
    const before = await version(mover);
    await mover.locator('.board-cell--active').first().click();
    await waitUntil(
      async () => {
        for (const page of pages) if ((await version(page)) <= before) return false;
        return true;
      },
      { what: `version ${before + 1} everywhere` },
    );
  }
}

// Two guests in a fresh 4 × 4 Kvadratura room, the game started; resolves with its code.
async function startedGame(creator, joiner) {
  const code = await createRoom(creator, 'kvadratura', { size: 4 });
  await joinByCode(joiner, code);
  for (const page of [creator, joiner]) {
    await waitUntil(async () => (await attr(page, 'status')) === 'playing', {
      what: 'the game to start',
    });
  }
  return code;
}

// Fills /mod's close form (`ending`: 'no_result' or 'aborted') and sends it.
async function closeRoom(page, { room, ending, reason }) {
  await page.fill('#close-room-code', room);
  await page.check(`#close-room-${ending.replace('_', '-')}`);
  await page.fill('#close-room-reason', reason);
  await page.click('#close-room-submit');
}

// The result as a room page shows it: the banner's headline and reason, the board's status line.
async function shownResult(page) {
  return {
    headline: await text(page.locator('#result-banner .result-headline')),
    reason: await text(page.locator('#result-banner .result-reason')),
    status: await text(page.locator('#board-host .board-status')),
  };
}

// The audit log's newest entry: its action, the action's words, the room, the ending, the reason.
const newestEntry = (page) =>
  newestLogEntry(page, {
    words: 'action',
    by: 'by',
    target: 'target',
    details: 'details',
    reason: 'reason',
  });

describe('closing a room', () => {
  test('a moderator aborts a game of few moves: the players see it aborted, not drawn', async () => {
    const ann = await site.open({ name: 'Ann' });
    const bob = await site.open({ name: 'Bob' });
    const mara = await site.open();
    Object.assign(people, { ann, bob, mara });
    await signUp(mara.page, 'Mara');
    const code = await startedGame(ann.page, bob.page);
    await playMoves([ann.page, bob.page], 2);

    await site.admin('grant', 'Mara', 'moderator');
    const { page } = mara;
    await reloadUntilModerator(page, 'Mara');
    await page.goto(`${site.server.url}/mod`);
    await page.locator('#close-room-form').waitFor();

    // The form: a heading, a labelled code, the endings as a radio group with a legend (no
    // result chosen), a reason. By keyboard: an empty code is said first, then a blank reason.
    assert.equal(await text(page.locator('#close-room-title')), 'Close a room');
    assert.equal(await text(page.locator('label[for="close-room-code"]')), 'Room code or link');
    assert.equal(await text(page.locator('#close-room-ending legend')), 'Ending');
    const radios = page.getByRole('group', { name: 'Ending' }).getByRole('radio');
    assert.equal(await radios.count(), 2);
    assert.equal(await page.getByRole('radio', { name: 'No result' }).isChecked(), true);
    assert.equal(await page.getByRole('radio', { name: 'Abort' }).isChecked(), false);
    await page.focus('#close-room-submit');
    await page.keyboard.press('Enter');
    await page
      .locator('#close-room-error[role="alert"]', { hasText: 'Type the room’s code.' })
      .waitFor();
    assert.equal(await focused(page), 'close-room-code');
    await page.keyboard.type(code.toLowerCase());
    await page.fill('#close-room-reason', '   ');
    await page.focus('#close-room-submit');
    await page.keyboard.press('Enter');
    await page.locator('#close-room-error', { hasText: 'Give a reason.' }).waitFor();
    assert.equal(await focused(page), 'close-room-reason');
    assert.deepEqual(await seriousViolations(page), [], '/mod with the close form');
    await screenshot(page, 'close-room-form');

    // A room still waiting for players has no game to close.
    const cy = await site.open({ name: 'Cy' });
    people.cy = cy;
    const waiting = await createRoom(cy.page, 'kvadratura', { size: 4 });
    await closeRoom(page, { room: waiting, ending: 'no_result', reason: 'test' });
    await page
      .locator('#close-room-error', {
        hasText: `Room ${waiting} is still waiting for players: there is no game to close.`,
      })
      .waitFor();
    assert.equal(await attr(cy.page, 'status'), 'waiting');

    // The abort, the room's address pasted: Mara is told, both players see it at once.
    await closeRoom(page, {
      room: `${site.server.url}/r/${code}`,
      ending: 'aborted',
      reason: 'started by mistake',
    });
    await page
      .locator('#close-room-status[role="status"]', {
        hasText: `Room ${code} is closed: the game is aborted.`,
      })
      .waitFor();
    assert.equal(await page.inputValue('#close-room-code'), '', 'the form is emptied once done');
    assert.equal(await page.inputValue('#close-room-reason'), '');
    for (const player of [ann, bob]) {
      await waitUntil(async () => (await attr(player.page, 'status')) === 'finished', {
        what: 'the game to end',
      });
      await player.page.locator('#result-banner:not([hidden])').waitFor();
      assert.deepEqual(await shownResult(player.page), {
        headline: 'Game aborted',
        reason: 'aborted by a moderator',
        status: 'Game over — no result (aborted by a moderator).',
      });
      const banner = await text(player.page.locator('#result-banner'));
      assert.doesNotMatch(banner, /Draw|draw|win/);
      assert.equal(await player.page.locator('.result-banner--win').count(), 0);
      assert.equal(await player.page.locator('.board-seat--winner').count(), 0);
    }
    await screenshot(bob.page, 'close-room-aborted');

    // The log: the close, by Mara, the room and the ending in words, the reason.
    await waitUntil(async () => (await newestEntry(page)).action === 'close_room', {
      what: 'the close in the log',
    });
    assert.deepEqual(await newestEntry(page), {
      action: 'close_room',
      words: 'room closed',
      by: 'Mara',
      target: `room ${code}`,
      details: 'aborted',
      reason: 'started by mistake',
    });
    assert.deepEqual(await seriousViolations(page), [], '/mod with a close_room entry');

    // Refusals in words: the same room again, and one that does not exist.
    await closeRoom(page, { room: code, ending: 'no_result', reason: 'again' });
    await page
      .locator('#close-room-error', { hasText: `The game in room ${code} is over already.` })
      .waitFor();
    await closeRoom(page, { room: 'ZZZZZZ', ending: 'no_result', reason: 'typo' });
    await page.locator('#close-room-error', { hasText: 'There is no room ZZZZZZ.' }).waitFor();
    assert.equal(await focused(page), 'close-room-code');

    // Ann's "your games" and the replay say it was aborted.
    await ann.page.click('#leave-button');
    const row = ann.page.locator(`#your-finished [data-room="${code}"]`);
    await row.waitFor();
    assert.match(await text(row), /Aborted · aborted by a moderator/);
    assert.doesNotMatch(await text(row), /Draw/);
    await row.locator('a').click();
    await ann.page.locator('.replay .board-status', { hasText: 'no result' }).waitFor();
    assert.equal(
      await text(ann.page.locator('.replay .board-status')),
      'Game over — no result (aborted by a moderator).',
    );

    for (const { problems } of [ann, bob, mara, cy]) assert.deepEqual(problems, []);
  });

  test('in Russian: an abort refused after many moves, then closed with no result', async () => {
    const { ann, bob, mara } = people;
    for (const { page: each } of [ann, bob]) {
      await each.goto(site.server.url);
      await online(each);
    }
    const code = await startedGame(ann.page, bob.page);
    // One move more than the server's abortable_moves (4 by default).
    await playMoves([ann.page, bob.page], 5);

    const { page } = mara;
    await page.goto(`${site.server.url}/mod`);
    await page.locator('#close-room-form').waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await page.locator('#close-room-title', { hasText: 'Закрыть комнату' }).waitFor();
    await bob.page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await bob.page.locator('html[lang="ru"]').waitFor();
    await online(bob.page);
    await bob.page.locator('#room-code', { hasText: code }).waitFor();

    await closeRoom(page, { room: code, ending: 'aborted', reason: 'по ошибке' });
    await page
      .locator('#close-room-error', {
        hasText: `Нельзя: в партии в комнате ${code} слишком много ходов`,
      })
      .waitFor();
    assert.equal(await attr(bob.page, 'status'), 'playing', 'the game goes on');

    await closeRoom(page, { room: code, ending: 'no_result', reason: 'нечестная игра' });
    await page
      .locator('#close-room-status', {
        hasText: `Комната ${code} закрыта: партия завершена без результата.`,
      })
      .waitFor();
    await bob.page.locator('#result-banner:not([hidden])').waitFor();
    assert.deepEqual(await shownResult(bob.page), {
      headline: 'Без результата',
      reason: 'партия закрыта модератором: без результата',
      status: 'Игра окончена — без результата (партия закрыта модератором: без результата).',
    });
    assert.doesNotMatch(await text(bob.page.locator('#result-banner')), /Ничья|ничья|Победа/);
    await ann.page.locator('#result-banner .result-headline', { hasText: 'No result' }).waitFor();
    await screenshot(bob.page, 'close-room-no-result-ru');

    await waitUntil(async () => (await newestEntry(page)).reason === 'нечестная игра', {
      what: 'the close in the log',
    });
    assert.deepEqual(await newestEntry(page), {
      action: 'close_room',
      words: 'закрытие комнаты',
      by: 'Mara',
      target: `комната ${code}`,
      details: 'без результата',
      reason: 'нечестная игра',
    });
    assert.deepEqual(await seriousViolations(page), [], '/mod in Russian with the close form');
    await screenshot(page, 'close-room-ru');

    // Back to English for whoever shares these pages' storage.
    await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
    await bob.page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
    for (const { problems } of [ann, bob, mara]) assert.deepEqual(problems, []);
  });
});
