// Accounts in the browser (#17): a guest signs up and keeps its seat, signs out (a fresh guest),
// then signs in again in another browser context and finds the same name and seat. An account
// changes its password: its other devices are signed out, the old password no longer signs in.
// Errors are shown in words. Real quadra serve, real Chromium, real Argon2id (slow on a busy
// machine).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createRoom,
  browserSuite,
  online,
  screenshot,
  seriousViolations,
  waitUntil,
} from './harness.js';

const suite = browserSuite();
const open = (options) => suite.open(options);
const SLOW = 60000; // an answer that waits for Argon2id

// The id of the element that has the focus.
const focused = (page) => page.evaluate(() => document.activeElement?.id || '');

async function fillAccountForm(page, button, name, password) {
  await page.click(button);
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.click('#account-submit');
}

describe('accounts', () => {
  test('sign up, sign out, sign in elsewhere: the same name and seat', async () => {
    const ann = await open({ name: 'Ann' });
    const code = await createRoom(ann.page, 'kvadratura', { size: 4 });

    await fillAccountForm(ann.page, '#sign-up', 'Ann', 'short');
    await ann.page
      .locator('#account-error', { hasText: 'at least 8 characters' })
      .waitFor({ timeout: 60000 });

    await ann.page.getByLabel('Password').fill('correct horse');
    await ann.page.click('#account-submit');
    await ann.page.locator('#account-user', { hasText: 'Ann' }).waitFor({ timeout: 60000 });
    assert.equal(await ann.page.locator('#room-code').textContent(), code);

    await ann.page.click('#sign-out');
    await ann.page.locator('#sign-in').waitFor({ timeout: 60000 });
    assert.equal(await ann.page.locator('#account-user').isVisible(), false);

    // Another browser (context): a wrong password is said in words, then the right one.
    const phone = await open({});
    await fillAccountForm(phone.page, '#sign-in', 'aNN', 'wrong horse');
    await phone.page
      .locator('#account-error', { hasText: 'Wrong user name or password.' })
      .waitFor({ timeout: 60000 });
    await phone.page.getByLabel('Password').fill('correct horse');
    await phone.page.click('#account-submit');
    await phone.page.locator('#account-user', { hasText: 'Ann' }).waitFor({ timeout: 60000 });
    await phone.page.locator('#who', { hasText: 'Ann' }).waitFor();
    // The account's running room is offered under "your games", not forced (#16): Resume.
    await phone.page.click(`#your-running [data-room="${code}"] button`);
    await phone.page.locator('#room-code', { hasText: code }).waitFor();
    await waitUntil(
      async () =>
        (await phone.page.locator('#players [data-seat="0"]').textContent()).includes('Ann'),
      { what: 'Ann in seat 0' },
    );
    for (const { problems } of [ann, phone]) assert.deepEqual(problems, []);
  });

  test('change password: refused with words, then the other devices are signed out', async () => {
    const laptop = await open({});
    await fillAccountForm(laptop.page, '#sign-up', 'Bea', 'correct horse');
    await laptop.page.locator('#account-user', { hasText: 'Bea' }).waitFor({ timeout: SLOW });
    const phone = await open({});
    await fillAccountForm(phone.page, '#sign-in', 'Bea', 'correct horse');
    await phone.page.locator('#account-user', { hasText: 'Bea' }).waitFor({ timeout: SLOW });

    // The form opens on the current password; two different new ones are not sent.
    const { page } = laptop;
    await page.click('#change-password');
    assert.equal(await focused(page), 'password-current');
    assert.equal(
      await page.locator('#account-user').isVisible(),
      false,
      'the form takes its place',
    );
    assert.equal(await page.getByLabel('Sign out my other devices').isChecked(), true);
    await page.getByLabel('Current password').fill('wrong horse');
    await page.getByLabel('New password', { exact: true }).fill('battery staple');
    await page.getByLabel('Repeat new password').fill('battery stapel');
    await page.getByLabel('Repeat new password').press('Enter');
    await page.locator('#password-error', { hasText: 'The two new passwords differ' }).waitFor();
    assert.equal(await focused(page), 'password-repeat');

    // A wrong current password: said in words, the form stays open on it.
    await page.getByLabel('Repeat new password').fill('battery staple');
    await page.getByLabel('Repeat new password').press('Enter');
    await page
      .locator('#password-error', { hasText: 'The current password is wrong.' })
      .waitFor({ timeout: SLOW });
    assert.equal(await page.locator('#password-form').isVisible(), true);
    assert.equal(await focused(page), 'password-current');
    assert.deepEqual(await seriousViolations(page), [], 'the change-password form');
    await screenshot(page, 'account-change-password');

    // Escape cancels: the form goes, the focus is back on its button.
    await page.keyboard.press('Escape');
    await page.locator('#password-form').waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'change-password');
    assert.equal(await page.locator('#account-user').isVisible(), true);

    // The right current password, other devices signed out (the default).
    await page.click('#change-password');
    await page.getByLabel('Current password').fill('correct horse');
    await page.getByLabel('New password', { exact: true }).fill('battery staple');
    await page.getByLabel('Repeat new password').fill('battery staple');
    await page.click('#password-submit');
    await page
      .locator('.toast', { hasText: 'Your password was changed, and your other devices' })
      .waitFor({ timeout: SLOW });
    await page.locator('#password-form').waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'change-password');
    await page.locator('#account-user', { hasText: 'Bea' }).waitFor();

    // The phone is signed out: a guest again.
    await phone.page.locator('#sign-in').waitFor({ timeout: SLOW });
    await online(phone.page);
    assert.equal(await phone.page.locator('#account-user').isVisible(), false);

    // This page's session goes on, its token unchanged: still signed in after a reload.
    await page.reload();
    await online(page);
    await page.locator('#account-user', { hasText: 'Bea' }).waitFor();

    // The old password no longer signs in; the new one does.
    await fillAccountForm(phone.page, '#sign-in', 'Bea', 'correct horse');
    await phone.page
      .locator('#account-error', { hasText: 'Wrong user name or password.' })
      .waitFor({ timeout: SLOW });
    await phone.page.getByLabel('Password').fill('battery staple');
    await phone.page.click('#account-submit');
    await phone.page.locator('#account-user', { hasText: 'Bea' }).waitFor({ timeout: SLOW });
    for (const { problems } of [laptop, phone]) assert.deepEqual(problems, []);
  });
});
