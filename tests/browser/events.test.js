// Events (PROTOCOL.md "Events") against the real server, accounts in browser contexts of
// their own. In English at 1366×768: Ann's form refuses a nameless event in words with the focus
// on the name; she creates an arena and lands on its view, counting down to its start; Bob finds
// it in /events' upcoming list, opens it and enters; Ann's view shows him once she asks again;
// Bob withdraws after the confirmation and is withdrawn for good (no Enter again). Ann's private
// Swiss event refuses Bob's wrong entry code in words and takes the right one. A guest sees the
// sentence sending them to sign in instead of the form, and the lobby's block and its header's
// Events link lead to the events. In Russian, switched to by the header's language switch, on a
// 375 px phone: Vera creates an arena and Gleb enters and withdraws, every step in Russian, with no
// horizontal scroll. axe-core finds no serious or critical violation on the lists nor on the
// event's view, at both sizes.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, online, screenshot, seriousViolations } from './harness.js';
import { SLOW, signUp } from './account_fixture.js';

const suite = browserSuite();
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };
const PHONE_DEVICE = { hasTouch: true, isMobile: true };

const text = async (locator) => (await locator.textContent()).trim();
const focused = (page) => page.evaluate(() => document.activeElement?.id || '');

// A page on the lobby named and signed up as `name` (on a phone, through the header's menu).
async function account(name, viewport, device = {}) {
  const opened = await suite.open({ name, viewport, device: { locale: 'en-US', ...device } });
  if (device.isMobile) await opened.page.click('#top-menu-toggle');
  await signUp(opened.page, name);
  return opened;
}

// Goes to `path` and waits for the page's connection.
async function go(page, path) {
  await page.goto(`${suite.server.url}${path}`);
  await online(page);
}

// Whether the page scrolls sideways.
const scrollsSideways = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

// Fills the create form: `fields` by control id (without `event-`), checkboxes by `checks`,
// selects by `selects` (value), then sends it; resolves with the new event's id from the address.
async function createEvent(page, { fields = {}, selects = {}, checks = [] }) {
  await page.locator('#event-form').waitFor();
  for (const [id, value] of Object.entries(selects)) await page.selectOption(`#event-${id}`, value);
  for (const [id, value] of Object.entries(fields)) await page.fill(`#event-${id}`, value);
  for (const id of checks) await page.check(`#event-${id}`);
  await page.click('#event-create');
  await page.waitForURL(/\/events\/\d+$/);
  await page.locator('#event-view[data-event]').waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

// The entry of `name` in the event's players list, once it shows `status`.
const entrant = (page, name, status) =>
  page.locator(`#event-players li[data-name="${name}"][data-status="${status}"]`);

// Withdraws from the event shown, through its confirmation; `yes` is the button's words.
async function withdraw(page, yes) {
  await page.click('#event-withdraw');
  await page.locator('#event-withdraw-confirm').waitFor();
  assert.equal(await focused(page), 'event-withdraw-yes');
  assert.equal(await text(page.locator('#event-withdraw-yes')), yes);
  await page.click('#event-withdraw-yes');
  await page.locator('#event-view[data-you="withdrawn"]').waitFor();
}

describe('events', () => {
  test('in English at 1366×768: an arena created, entered, seen, withdrawn; a private Swiss event', async () => {
    const ann = await account('Ann', DESKTOP);
    const bob = await account('Bob', DESKTOP);

    // The header's Events link opens the page; the form refuses a nameless event in words.
    await ann.page.click('#events-link');
    await ann.page.waitForURL(/\/events$/);
    await ann.page.locator('#event-form').waitFor({ timeout: SLOW });
    await ann.page.click('#event-create');
    await ann.page
      .locator('#event-form-error[role="alert"]', { hasText: 'Give the event a name' })
      .waitFor();
    assert.equal(await focused(ann.page), 'event-name');
    await screenshot(ann.page, 'events-form-desktop');

    const arena = await createEvent(ann.page, {
      fields: { name: 'Friday arena', minutes: '30', 'max-players': '8' },
      selects: { kind: 'arena', game: 'kvadratura' },
    });
    await ann.page
      .locator('#event-status-line', { hasText: 'Event created: Friday arena.' })
      .waitFor();
    assert.equal(await text(ann.page.locator('#event-title')), 'Friday arena');
    assert.match(await text(ann.page.locator('#event-countdown')), /^starts in \d+ minutes$/);
    assert.match(await text(ann.page.locator('#event-terms')), /30 minutes/);
    assert.match(await text(ann.page.locator('#event-terms')), /0 of 8 players/);
    await ann.page.locator('#event-cancel').waitFor(); // the creator may cancel before the start
    assert.deepEqual(await seriousViolations(ann.page), [], 'the event view');
    assert.equal(await scrollsSideways(ann.page), false);
    await screenshot(ann.page, 'events-view-desktop');

    // Bob finds it among the upcoming events and enters.
    await go(bob.page, '/events');
    const item = bob.page.locator(`#events-upcoming li[data-event="${arena}"]`);
    await item.waitFor();
    assert.match(await text(item), /Friday arena.*Kvadratura · Arena · 5:00 \+ 3s · 30 minutes/s);
    assert.deepEqual(await seriousViolations(bob.page), [], 'the lists');
    assert.equal(await scrollsSideways(bob.page), false);
    await screenshot(bob.page, 'events-lists-desktop');
    await item.locator('a.event-name').click();
    await bob.page.waitForURL(new RegExp(`/events/${arena}$`));
    await bob.page.locator('#event-enter').click();
    await bob.page
      .locator('#event-status-line', { hasText: 'You entered Friday arena.' })
      .waitFor();
    assert.equal(await text(bob.page.locator('#event-you')), 'You are in this event.');
    assert.equal(await focused(bob.page), 'event-you');
    await entrant(bob.page, 'Bob', 'active').waitFor();
    assert.equal(await bob.page.locator('#event-cancel').count(), 0, 'not his to cancel');

    // Ann asks again and sees him.
    await ann.page.click('#event-refresh');
    await entrant(ann.page, 'Bob', 'active').waitFor();
    await ann.page.locator('#event-status-line', { hasText: 'Updated.' }).waitFor();

    // Bob withdraws, Escape first keeping his place, then for good.
    await bob.page.click('#event-withdraw');
    await bob.page.keyboard.press('Escape');
    await bob.page.locator('#event-withdraw-confirm').waitFor({ state: 'detached' });
    assert.equal(await focused(bob.page), 'event-withdraw');
    await withdraw(bob.page, 'Yes, withdraw');
    await bob.page
      .locator('#event-status-line', { hasText: 'You withdrew from Friday arena.' })
      .waitFor();
    assert.equal(
      await text(bob.page.locator('#event-you')),
      'You withdrew from this event: a withdrawal is for good.',
    );
    await entrant(bob.page, 'Bob', 'withdrawn').waitFor();
    assert.equal(await bob.page.locator('#event-enter').count(), 0, 'no entering again');
    await ann.page.reload();
    await entrant(ann.page, 'Bob', 'withdrawn').waitFor();

    // A private Swiss event: a wrong code is refused in words, the right one lets Bob in.
    await go(ann.page, '/events');
    const swiss = await createEvent(ann.page, {
      fields: { name: 'Club Swiss', rounds: '3', code: 'club42' },
      selects: { kind: 'swiss', game: 'quadrature' },
      checks: ['organiser-rounds'],
    });
    assert.match(
      await text(ann.page.locator('#event-terms')),
      /3 rounds · the organiser starts each round/,
    );
    await go(bob.page, `/events/${swiss}`);
    await bob.page.fill('#event-code-input', 'club41');
    await bob.page.click('#event-enter');
    await bob.page
      .locator('#event-error[role="alert"]', { hasText: 'That is not the event’s entry code.' })
      .waitFor();
    assert.equal(await bob.page.locator('#event-view').getAttribute('data-you'), '');
    await bob.page.fill('#event-code-input', 'club42');
    await bob.page.click('#event-enter');
    await bob.page.locator('#event-view[data-you="active"]').waitFor();
    assert.equal(await text(bob.page.locator('#event-error')), '');

    // The lobby's block lists both, with the link to all of them.
    await go(bob.page, '/');
    await bob.page
      .locator(`#lobby-events a[href="/events/${arena}"]`, { hasText: 'Friday arena' })
      .waitFor();
    await bob.page
      .locator(`#lobby-events li[data-event="${swiss}"]`, { hasText: 'you are in' })
      .waitFor();
    assert.equal(await bob.page.locator('#lobby-all-events').getAttribute('href'), '/events');
    await screenshot(bob.page, 'events-lobby-block-desktop');
    assert.deepEqual(ann.problems, []);
    assert.deepEqual(bob.problems, []);
  });

  test('a guest sees the sentence to sign in, not the form', async () => {
    const { page, problems } = await suite.open({
      pathname: '/events',
      viewport: DESKTOP,
      device: { locale: 'en-US' },
    });
    await page
      .locator('#event-sign-in', {
        hasText: 'Events are created by accounts: sign in or sign up in the lobby first.',
      })
      .waitFor();
    assert.equal(await page.locator('#event-form').count(), 0);
    assert.equal(await page.locator('#event-sign-in a').getAttribute('href'), '/');
    assert.deepEqual(problems, []);
  });

  test('in Russian on a 375 px phone: the switch, an arena created, entered and withdrawn', async () => {
    const vera = await account('Vera', PHONE, PHONE_DEVICE);
    const gleb = await account('Gleb', PHONE, PHONE_DEVICE);
    for (const { page } of [vera, gleb]) {
      await go(page, '/events');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
      await page.locator('#events-title', { hasText: 'Турниры' }).waitFor();
      await online(page);
    }
    await vera.page.locator('#event-form').waitFor({ timeout: SLOW });
    assert.equal(await scrollsSideways(vera.page), false, 'the form fits');
    assert.deepEqual(await seriousViolations(vera.page), [], 'the lists and the form');
    await screenshot(vera.page, 'events-form-phone-ru');
    const id = await createEvent(vera.page, {
      fields: { name: 'Вечерняя арена', minutes: '45' },
      selects: { kind: 'arena' },
    });
    await vera.page
      .locator('#event-status-line', { hasText: 'Турнир создан: Вечерняя арена.' })
      .waitFor();
    assert.match(
      await text(vera.page.locator('#event-countdown')),
      /^начнётся через \d+ минут[уы]?$/,
    );
    assert.match(await text(vera.page.locator('#event-terms')), /45 минут/);

    await gleb.page.reload();
    await online(gleb.page);
    const item = gleb.page.locator(`#events-upcoming li[data-event="${id}"]`);
    await item.waitFor();
    assert.match(await text(item), /Вечерняя арена.*Арена/s);
    assert.equal(await scrollsSideways(gleb.page), false, 'the lists fit');
    await screenshot(gleb.page, 'events-lists-phone-ru');
    await item.locator('a.event-name').click();
    await gleb.page.locator('#event-enter', { hasText: 'Участвовать' }).click();
    await gleb.page
      .locator('#event-status-line', { hasText: 'Вы записались в турнир «Вечерняя арена».' })
      .waitFor();
    await entrant(gleb.page, 'Gleb', 'active').waitFor();
    assert.equal(
      await text(gleb.page.locator('#event-players li[data-name="Gleb"] .event-entrant-status')),
      'участвует',
    );
    assert.equal(await scrollsSideways(gleb.page), false, 'the event fits');
    assert.deepEqual(await seriousViolations(gleb.page), [], 'the event view');
    await screenshot(gleb.page, 'events-view-phone-ru');
    await withdraw(gleb.page, 'Да, выйти');
    await gleb.page
      .locator('#event-status-line', { hasText: 'Вы вышли из турнира «Вечерняя арена».' })
      .waitFor();
    assert.equal(
      await text(gleb.page.locator('#event-you')),
      'Вы вышли из этого турнира: выход окончательный.',
    );

    // The lobby in Russian: the block and the menu's link.
    await go(gleb.page, '/');
    await gleb.page.locator(`#lobby-events a[href="/events/${id}"]`).waitFor();
    assert.equal(await text(gleb.page.locator('#lobby-events-title')), 'Турниры');
    await gleb.page.click('#top-menu-toggle');
    assert.equal(await text(gleb.page.locator('#events-link')), 'Турниры');
    assert.equal(await scrollsSideways(gleb.page), false, 'the lobby fits');

    // A guest in Russian is told to sign in.
    const guest = await suite.open({
      pathname: '/events',
      viewport: PHONE,
      device: { locale: 'ru-RU', ...PHONE_DEVICE },
    });
    await guest.page
      .locator('#event-sign-in', { hasText: 'Турниры создают игроки с аккаунтом' })
      .waitFor();
    assert.deepEqual(vera.problems, []);
    assert.deepEqual(gleb.problems, []);
    assert.deepEqual(guest.problems, []);
  });
});
