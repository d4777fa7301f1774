// Accounts in the browser (#17): a guest signs up and keeps its seat, signs out (a fresh guest),
// then signs in again in another browser context and finds the same name and seat. Errors are
// shown in words. Real quadra serve, real Chromium, real Argon2id (slow on a busy machine).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRoom, browserSuite, waitUntil } from './harness.js';

const suite = browserSuite();
const open = (options) => suite.open(options);

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
});
