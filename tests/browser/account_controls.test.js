// The account's own controls in the browser (#31), each test on a server of its own so that
// every account can be called Ann:
// * the change of case: Ann becomes ANN (the header says so at once and after a reload); another
//   name and the same spelling are refused in words, the focus on the field;
// * the data export: Ann and Bob in one room, one chat line each; Ann's download is a JSON file
//   named quadra-Ann-<date>.json with the expected keys, her line and not Bob's;
// * the deletion, in English: a wrong password is refused in words and changes nothing; the
//   right one makes the page a guest that says the account was deleted, her other device is
//   signed out, signing in as Ann fails and the name Ann is taken. In Russian: a wrong
//   password, too many of them with the wait, then the confirmation.
// Real quadra serve, real Chromium, real Argon2id (slow on a busy machine).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  PASSWORD,
  SLOW,
  browserWithOwnServers,
  chat,
  fillAccountForm,
  focused,
  signUp,
  text,
} from './account_fixture.js';
import {
  createRoom,
  joinByCode,
  online,
  screenshot,
  seriousViolations,
  waitUntil,
} from './harness.js';

// One browser; each test starts a server of its own with suite.startServer, whose `open` opens
// pages on it in English unless told otherwise.
const suite = browserWithOwnServers();

// Opens the deletion form, types `password` and sends it with Enter; unless `deletes`, waits for
// the answer (the form's button is off meanwhile, so Enter would send nothing).
async function sendDeletion(page, password, { deletes = false } = {}) {
  if (!(await page.locator('#delete-form').count())) await page.click('#delete-account');
  await page.fill('#delete-password', password);
  await page.press('#delete-password', 'Enter');
  if (deletes) return;
  await page.waitForFunction(() => !document.getElementById('delete-submit')?.disabled, null, {
    timeout: SLOW,
  });
}

// Whether a page action failed only because the page moved on under it: a navigation replaced
// the page, or the element a brief action waited for left with the old page.
function pageMovedOn(error) {
  return (
    error.name === 'TimeoutError' ||
    /Execution context was destroyed|navigat|detached/i.test(error.message)
  );
}

describe('account controls', () => {
  test('change of case: Ann becomes ANN; another name is refused in words', async () => {
    const { open } = await suite.startServer();
    const { page, problems } = await open({ name: 'Ann' });
    await signUp(page, 'Ann');

    // The form opens on the name, spelled as it is; Escape closes it, the focus back on its button.
    await page.click('#change-name-case');
    assert.equal(await focused(page), 'rename-name');
    assert.equal(await page.inputValue('#rename-name'), 'Ann');
    assert.equal(
      await page.locator('#account-user').isVisible(),
      false,
      'the form takes its place',
    );
    await page.keyboard.press('Escape');
    await page.locator('#rename-form').waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'change-name-case');

    // Another name: refused in the form's own words, the focus on the name.
    await page.keyboard.press('Enter');
    await page.getByLabel('User name spelled').fill('Bob');
    await page.keyboard.press('Enter');
    await page
      .locator('#rename-error[role="alert"]', {
        hasText: 'Only the case of the letters can change: type your user name, Ann,',
      })
      .waitFor();
    assert.equal(await focused(page), 'rename-name');
    // The same spelling: nothing to change.
    await page.fill('#rename-name', 'Ann');
    await page.click('#rename-submit');
    await page
      .locator('#rename-error', { hasText: 'Your user name is spelled that way already.' })
      .waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'the change-of-case form');
    await screenshot(page, 'account-rename');

    // Capitals: said, and the header shows the new spelling (its profile link too).
    await page.fill('#rename-name', 'ANN');
    await page.press('#rename-name', 'Enter');
    await page.locator('.toast', { hasText: 'Your user name is now spelled ANN.' }).waitFor();
    await page.locator('#rename-form').waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'change-name-case');
    assert.equal(await text(page.locator('#account-user')), 'ANN');
    assert.equal(await page.locator('#who a').getAttribute('href'), '/u/ANN');

    // The server kept it: the next welcome says ANN.
    await page.reload();
    await online(page);
    await page.locator('#account-user', { hasText: 'ANN' }).waitFor();
    assert.deepEqual(problems, []);
  });

  test('export: a JSON file with the account’s data and its own chat lines only', async () => {
    const { open } = await suite.startServer();
    const ann = await open({ name: 'Ann' });
    await signUp(ann.page, 'Ann');
    const bob = await open({ name: 'Bob' });
    await signUp(bob.page, 'Bob');
    const code = await createRoom(ann.page, 'kvadratura', { size: 4 });
    await joinByCode(bob.page, code);
    await chat(ann.page, 'good luck from Ann');
    await chat(bob.page, 'have fun from Bob');
    await ann.page.locator('.chat-line .chat-text', { hasText: 'have fun from Bob' }).waitFor();

    const { page } = ann;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#download-data'),
    ]);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
    // Named after the account and the day of the export, in the browser's time zone.
    const day = await page.evaluate((ms) => {
      const at = new Date(ms);
      const two = (n) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
    }, data.exported_at);
    assert.equal(download.suggestedFilename(), `quadra-Ann-${day}.json`);
    await page
      .locator('.toast', { hasText: `Your data was saved as quadra-Ann-${day}.json.` })
      .waitFor();

    assert.deepEqual(Object.keys(data).sort(), [
      'account',
      'chat',
      'exported_at',
      'games',
      'rating_history',
      'ratings',
      'type',
    ]);
    assert.equal(data.type, 'data_export');
    assert.equal(data.account.name, 'Ann');
    assert.equal(data.account.display_name, 'Ann');
    assert.equal(typeof data.account.created, 'number');
    assert.deepEqual(data.ratings, []);
    assert.ok(
      data.games.some((game) => game.room === code && game.game === 'kvadratura'),
      JSON.stringify(data.games),
    );
    const lines = data.chat.map((line) => line.text);
    assert.ok(lines.includes('good luck from Ann'), JSON.stringify(lines));
    assert.ok(!lines.includes('have fun from Bob'), 'Bob’s line is his, not Ann’s');
    for (const { problems } of [ann, bob]) assert.deepEqual(problems, []);
  });

  test('delete: a wrong password changes nothing; then Ann is a guest and her name is taken', async () => {
    const { open } = await suite.startServer();
    const ann = await open({ name: 'Ann' });
    await signUp(ann.page, 'Ann');
    await createRoom(ann.page, 'kvadratura', { size: 4 });
    const phone = await open({});
    await fillAccountForm(phone.page, '#sign-in', 'Ann');
    await phone.page.locator('#account-user', { hasText: 'Ann' }).waitFor({ timeout: SLOW });

    // The form says what deleting does; the focus is on the password it asks for.
    const { page } = ann;
    await page.click('#delete-account');
    assert.equal(await focused(page), 'delete-password');
    const explained = await text(page.locator('#delete-explained'));
    for (const words of [
      'signs it out on every device',
      'Your games and ratings stay, shown under the name “Deleted player”',
      'reserved for 30 days',
      'This cannot be undone.',
    ]) {
      assert.ok(explained.includes(words), words);
    }
    assert.equal(
      await page.getByLabel('Your password').getAttribute('aria-describedby'),
      'delete-explained',
    );
    await page.getByRole('button', { name: 'Delete my account for good' }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'the deletion form');
    await screenshot(page, 'account-delete-form');

    // A wrong password: said in words, the form stays open on it, nothing changed.
    await sendDeletion(page, 'wrong horse battery');
    await page
      .locator('#delete-error[role="alert"]', {
        hasText: 'The password is wrong; your account was not deleted.',
      })
      .waitFor({ timeout: SLOW });
    assert.equal(await focused(page), 'delete-password');
    await page.keyboard.press('Escape');
    await page.locator('#delete-form').waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'delete-account');
    await page.reload();
    await online(page);
    await page.locator('#account-user', { hasText: 'Ann' }).waitFor();

    // The right password: the page starts afresh as a guest and says why, the focus on it.
    await sendDeletion(page, PASSWORD, { deletes: true });
    const notice = page.locator('#account-deleted-notice[role="status"]');
    await notice.waitFor({ timeout: SLOW });
    assert.match(await text(notice), /^Your account was deleted and signed out on every device/);
    await online(page);
    assert.equal(await focused(page), 'account-deleted-notice');
    await page.locator('#sign-in').waitFor();
    assert.equal(await page.locator('#account-user').isVisible(), false);
    assert.equal(await page.locator('#who a').count(), 0, 'a guest’s name has no profile');
    assert.deepEqual(await seriousViolations(page), [], 'the page after the deletion');
    await screenshot(page, 'account-deleted');

    // Her other device is signed out too.
    await phone.page.locator('#sign-in').waitFor({ timeout: SLOW });
    assert.equal(await phone.page.locator('#account-user').isVisible(), false);

    // No Ann to sign in to, and the name is kept from a newcomer.
    await fillAccountForm(page, '#sign-in', 'Ann');
    await page
      .locator('#account-error', { hasText: 'Wrong user name or password.' })
      .waitFor({ timeout: SLOW });
    await page.click('#account-form button:has-text("Cancel")');
    await fillAccountForm(page, '#sign-up', 'Ann');
    await page
      .locator('#account-error', { hasText: 'That user name is taken. Please choose another.' })
      .waitFor({ timeout: SLOW });
    // The notice goes when dismissed.
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    for (const { problems } of [ann, phone]) assert.deepEqual(problems, []);
  });

  test('delete in Russian: a wrong password, too many, then the confirmation', async () => {
    // Two wrong passwords within 6 seconds are too many: the wait is short enough to sit out.
    const { open } = await suite.startServer([
      '--sign-in-failures-per-account',
      '2',
      '--sign-in-window-seconds',
      '6',
    ]);
    const { page, problems } = await open({ name: 'Вера' });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await page.locator('#sign-up', { hasText: 'Регистрация' }).waitFor();
    await online(page);
    await signUp(page, 'Вера');

    await page.click('#delete-account');
    await page.locator('#delete-title', { hasText: 'Удаление аккаунта' }).waitFor();
    assert.match(
      await text(page.locator('#delete-explained')),
      /под именем «Удалённый игрок».*Отменить удаление нельзя\.$/,
    );
    await sendDeletion(page, 'неверный пароль');
    await page
      .locator('#delete-error', { hasText: 'Неверный пароль; аккаунт не удалён.' })
      .waitFor({ timeout: SLOW });
    await sendDeletion(page, 'снова неверный');
    await sendDeletion(page, 'и ещё раз');
    await page
      .locator('#delete-error', {
        hasText:
          'Слишком много неверных паролей; аккаунт не удалён. Попробуйте снова через 1 минуту.',
      })
      .waitFor({ timeout: SLOW });
    assert.equal(await focused(page), 'delete-password');
    assert.deepEqual(await seriousViolations(page), [], 'the deletion form in Russian');
    await screenshot(page, 'account-delete-ru');

    // Once the window has passed the right password is heard: sent again until then. The page
    // starts afresh once the account is gone, so a round may meet that navigation: it costs the
    // round, not the test.
    const notice = page.locator('#account-deleted-notice');
    const password = page.locator('#delete-form #delete-password');
    await waitUntil(
      async () => {
        try {
          if (await notice.count()) return true;
          if (await password.count()) {
            await password.fill(PASSWORD, { timeout: 1000 });
            await password.press('Enter', { timeout: 1000 });
          }
        } catch (error) {
          if (!pageMovedOn(error)) throw error;
        }
        return false;
      },
      { what: 'the deletion once the wait is over', timeout: SLOW },
    );
    assert.match(await text(notice), /^Ваш аккаунт удалён, на всех устройствах выполнен выход\./);
    await online(page);
    await page.locator('#sign-in', { hasText: 'Войти' }).waitFor();
    assert.deepEqual(problems, []);
  });
});
