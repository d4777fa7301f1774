// Hiding a chat line (#31) in the browser, on one server:
// * Ann, Bob and Mara sign up; Bob and Ann play in one room, Bob writes a line and Ann answers.
//   Mara, granted the moderator role with `quadra admin grant` (her page reloaded, so that her
//   welcome has the role), watches the room: Hide beside Report on the others' lines, none for
//   Ann. Ann has the report form open on Bob's line when Mara hides it with a reason (a blank one
//   refused first; axe on the form): the line goes from Ann's, Bob's and Mara's pages, Mara is
//   told "Line hidden.", and neither is left with the focus on a removed element (Ann's form
//   closes, her focus on the chat input). Reloaded, Ann's room still has no such line. /mod's
//   log shows hide_chat with Bob's name as plain text and the reason.
// * in Russian: the Hide button, its form and the toast.
// Real quadra serve on a SQLite data directory, the real CLI, real Chromium.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chat,
  focused,
  newestLogEntry,
  reloadUntilModerator,
  serverOnDataDir,
  text,
} from './account_fixture.js';
import { createRoom, joinByCode, online, screenshot, seriousViolations } from './harness.js';

const BOBS_LINE = 'you all play like idiots';
const ANNS_LINE = 'good luck';

const site = serverOnDataDir('quadra-hide-chat-');
const people = {}; // name -> { page, problems } once signed up
let code = null; // the room

// The chat lines on the page that contain `words`.
const line = (page, words) => page.locator('.chat-line', { hasText: words });

// Where the focus is: somewhere still in the page, not the body after its element went.
async function focusInPage(page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return Boolean(active && active !== document.body && active.isConnected);
  });
}

// The audit log's newest entry: its action (and its words), target (and the links in it) and
// reason.
const newestEntry = (page) =>
  newestLogEntry(page, { words: 'action', target: 'target', reason: 'reason' }, { links: true });

describe('hiding a chat line', () => {
  test('a moderator hides a line for everyone in the room, and the log keeps it', async () => {
    const [ann, bob, mara] = await site.signedUp('Ann', 'Bob', 'Mara');
    Object.assign(people, { ann, bob, mara });

    code = await createRoom(bob.page, 'kvadratura', { size: 4 });
    await joinByCode(ann.page, code);
    await chat(bob.page, BOBS_LINE);
    await line(ann.page, BOBS_LINE).waitFor();
    await chat(ann.page, ANNS_LINE);
    await line(bob.page, ANNS_LINE).waitFor();

    // Mara becomes a moderator; her reloaded page's welcome has the role.
    await site.admin('grant', 'Mara', 'moderator');
    const { page } = mara;
    await reloadUntilModerator(page, 'Mara');
    await joinByCode(page, code, 'spectator');
    await line(page, ANNS_LINE).waitFor();

    // Hide beside Report on the others' lines for her; no Hide anywhere for Ann.
    const hide = line(page, BOBS_LINE).locator('.hide-line');
    assert.equal(await text(hide), 'Hide');
    assert.equal(await hide.getAttribute('aria-label'), 'Hide this line by Bob');
    assert.equal(await line(page, ANNS_LINE).locator('.hide-line').count(), 1);
    assert.equal(await line(page, BOBS_LINE).locator('.report-line:not(.hide-line)').count(), 1);
    assert.equal(await ann.page.locator('.hide-line').count(), 0, 'Ann is no moderator');
    assert.equal(await bob.page.locator('.hide-line').count(), 0, 'Bob is no moderator');

    // Ann is reporting Bob's line meanwhile: her form is open, the focus in it.
    await line(ann.page, BOBS_LINE).locator('.report-line').click();
    assert.equal(await focused(ann.page), 'report-reason');

    // Mara opens the form by the keyboard: a blank reason is refused, the focus on the reason.
    await hide.focus();
    await page.keyboard.press('Enter');
    assert.equal(await focused(page), 'hide-reason');
    assert.equal(await text(page.locator('#hide-title')), 'Hide a chat line by Bob');
    assert.equal(await text(page.locator('#hide-form .report-quoted')), BOBS_LINE);
    assert.equal(await text(page.locator('label[for="hide-reason"]')), 'Your reason');
    await page.fill('#hide-reason', '   ');
    await page.click('#hide-submit');
    await page.locator('#hide-error[role="alert"]', { hasText: 'Give a reason.' }).waitFor();
    assert.equal(await focused(page), 'hide-reason');
    assert.deepEqual(await seriousViolations(page), [], 'the room with the hide form');
    await screenshot(page, 'hide-chat-form');

    // Escape closes it, the focus back on Hide; then for real.
    await page.keyboard.press('Escape');
    await page.locator('#hide-form').waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(() => document.activeElement?.classList.contains('hide-line')),
      true,
    );
    await page.keyboard.press('Enter');
    await page.fill('#hide-reason', 'Insults in the chat');
    await page.click('#hide-submit');
    await page.locator('.toast', { hasText: 'Line hidden.' }).waitFor();

    // Gone on every page at once; the other line stays.
    for (const { page: each } of [mara, ann, bob]) {
      await line(each, BOBS_LINE).waitFor({ state: 'detached' });
      assert.equal(await line(each, ANNS_LINE).count(), 1);
    }
    await page.locator('#hide-form').waitFor({ state: 'detached' });
    assert.equal(await focusInPage(page), true, 'Mara’s focus on a control still there');
    assert.equal(
      await line(page, ANNS_LINE).evaluate((item) => item.contains(document.activeElement)),
      true,
      'on the next line’s Report',
    );
    await ann.page.locator('#report-form').waitFor({ state: 'detached' });
    assert.equal(await focused(ann.page), 'chat-input', 'Ann’s form closed with the line');

    // Reloaded, Ann's room comes back without it.
    await ann.page.reload();
    await online(ann.page);
    await line(ann.page, ANNS_LINE).waitFor();
    assert.equal(await line(ann.page, BOBS_LINE).count(), 0);

    // The log on /mod: hide_chat, Bob as plain text, the reason.
    await page.goto(`${site.server.url}/mod`);
    await page.locator('#mod-log-table').waitFor();
    assert.deepEqual(await newestEntry(page), {
      action: 'hide_chat',
      words: 'chat line hidden',
      target: 'Bob',
      links: 0,
      reason: 'Insults in the chat',
    });
    assert.deepEqual(await seriousViolations(page), [], '/mod with a hide_chat entry');

    for (const { problems } of [ann, bob, mara]) assert.deepEqual(problems, []);
  });

  test('the Hide form and its toast in Russian', async () => {
    const { page, problems } = people.mara;
    const ru = 'ты играешь ужасно';
    await page.goto(`${site.server.url}/r/${code}`);
    await online(page);
    await page.locator('#room-code', { hasText: code }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await page.locator('#room-code', { hasText: code }).waitFor();
    await chat(people.bob.page, ru);
    const hide = line(page, ru).locator('.hide-line');
    await hide.waitFor();
    assert.equal(await text(hide), 'Скрыть');
    assert.equal(await hide.getAttribute('aria-label'), 'Скрыть эту строку от Bob');
    await hide.click();
    assert.equal(await text(page.locator('#hide-title')), 'Скрыть строку чата от Bob');
    assert.equal(await text(page.locator('label[for="hide-reason"]')), 'Ваша причина');
    assert.equal(await text(page.locator('#hide-submit')), 'Скрыть строку');
    await page.click('#hide-submit');
    await page.locator('#hide-error', { hasText: 'Укажите причину.' }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'the hide form in Russian');
    await screenshot(page, 'hide-chat-form-ru');
    await page.fill('#hide-reason', 'оскорбления');
    await page.click('#hide-submit');
    await page.locator('.toast', { hasText: 'Строка скрыта.' }).waitFor();
    await line(page, ru).waitFor({ state: 'detached' });
    await line(people.bob.page, ru).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
    await online(page);
    assert.deepEqual(problems, []);
  });
});
