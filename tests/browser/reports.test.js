// Reports and address blocks in the browser (#31), on one server:
// * reports, in English: Ann, Bob and Mara sign up; Bob and Ann play in one room, Bob writes a
//   chat line; Ann (not a guest watching, who sees no Report control) reports it from the room
//   (words over 500 bytes refused in words first; no Report on her own line) and is thanked in a
//   toast; her My reports shows it open. Mara, granted the moderator role with `quadra admin
//   grant`, finds it first on /mod, quoted with Ann as reporter; her reason form survives a
//   refresh; she mutes Bob with the moderation form and marks the report acted on: the queue is
//   empty and the log's newest entry is report_acted, Bob's name as plain text. Ann's My reports
//   says it was handled. Ann reports Bob from his profile page (no Report on her own, and a
//   visitor without a token opens no connection); Mara dismisses it.
// * in Russian: Ann's My reports and the report form (its refusal, its thanks).
// * address blocks: Mara blocks 127.0.0.0/8 for new guests (a range with host bits is refused
//   in words): the table shows it, a fresh guest page says new players are not accepted and
//   can still sign in; Mara unblocks it with a reason and a fresh guest page connects again.
// axe on each new piece of UI. Real quadra serve on a SQLite data directory, the real CLI, real
// Chromium, real Argon2id (slow on a busy machine).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SLOW,
  chat,
  fillAccountForm,
  focused,
  newestLogEntry,
  reloadUntilModerator,
  serverOnDataDir,
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

const BOBS_LINE = 'you all play like idiots';

const site = serverOnDataDir('quadra-reports-');
const people = {}; // name -> { page, problems } once signed up

// Ann's My reports: the items' statuses and subjects, newest first; the panel is closed again.
async function myReports(page) {
  await page.click('#my-reports');
  const items = page.locator('#my-reports-list .my-report');
  await items.first().waitFor();
  const seen = [];
  for (const item of await items.all()) {
    seen.push({
      status: await text(item.locator('.my-report-status')),
      subject: await text(item.locator('.my-report-subject')),
    });
  }
  return seen;
}

async function closeMyReports(page) {
  await page.keyboard.press('Escape');
  await page.locator('#my-reports-panel').waitFor({ state: 'detached' });
}

// The audit log's newest entry: its action, target (and the links in it) and reason.
const newestEntry = (page) =>
  newestLogEntry(page, { target: 'target', reason: 'reason' }, { links: true });

// Marks the report in `row` acted on or dismissed with `reason`, and waits for its status line.
async function resolveReport(page, row, outcome, reason) {
  await row.locator(`button[id^="report-${outcome}-"]`).click();
  assert.equal(await focused(page), 'resolve-reason');
  await page.fill('#resolve-reason', reason);
  await page.click('#resolve-submit');
  await page.locator('#mod-report-status', { hasText: /^Report \d+ is/ }).waitFor();
}

describe('reports', () => {
  test('a chat line reported from the room, acted on; a player reported from the profile, dismissed', async () => {
    const [ann, bob, mara] = await site.signedUp('Ann', 'Bob', 'Mara');
    Object.assign(people, { ann, bob, mara });

    const code = await createRoom(bob.page, 'kvadratura', { size: 4 });
    await joinByCode(ann.page, code);
    await chat(bob.page, BOBS_LINE);
    await chat(ann.page, 'good luck');
    const bobsLine = ann.page.locator('.chat-line', { hasText: BOBS_LINE });
    await bobsLine.waitFor();
    await ann.page.locator('.chat-line', { hasText: 'good luck' }).waitFor();
    assert.equal(
      await ann.page
        .locator('.chat-line', { hasText: 'good luck' })
        .locator('.report-line')
        .count(),
      0,
      'no Report on her own line',
    );
    assert.equal(await ann.page.locator('#report-game').isVisible(), true);

    // A guest watching sees no Report control at all.
    const guest = await site.open({ name: 'Gus' });
    await joinByCode(guest.page, code, 'spectator');
    await guest.page.locator('.chat-line', { hasText: BOBS_LINE }).waitFor();
    assert.equal(await guest.page.locator('.report-line').count(), 0);
    assert.equal(await guest.page.locator('#report-game').isVisible(), false);

    // Ann reports Bob's line: too many words first, then as it should be.
    const button = bobsLine.locator('.report-line');
    assert.equal(await button.getAttribute('aria-label'), 'Report this line by Bob');
    await button.click();
    assert.equal(await focused(ann.page), 'report-reason');
    assert.equal(await text(ann.page.locator('#report-title')), 'Report a chat line by Bob');
    assert.equal(await text(ann.page.locator('.report-quoted')), BOBS_LINE);
    await ann.page.selectOption('#report-reason', 'abuse');
    await ann.page.fill('#report-words', 'я'.repeat(251));
    await ann.page.click('#report-send');
    await ann.page
      .locator('#report-error[role="alert"]', { hasText: 'Too long: at most 500 bytes' })
      .waitFor();
    assert.deepEqual(await seriousViolations(ann.page), [], 'the room with the report form');
    await screenshot(ann.page, 'reports-room-form');
    await ann.page.fill('#report-words', 'Insults, again');
    await ann.page.click('#report-send');
    await ann.page
      .locator('.toast', { hasText: 'Thank you: your report was sent to the moderators.' })
      .waitFor();
    await ann.page.locator('#report-form').waitFor({ state: 'detached' });
    assert.equal(
      await ann.page.evaluate(() => document.activeElement?.classList.contains('report-line')),
      true,
      'the focus back on the Report button',
    );

    // Her reports: the line, open.
    assert.deepEqual(await myReports(ann.page), [
      { status: 'open', subject: `Line by Bob in ${code}: “${BOBS_LINE}”` },
    ]);
    assert.deepEqual(await seriousViolations(ann.page), [], 'My reports');
    await closeMyReports(ann.page);
    assert.equal(await focused(ann.page), 'my-reports');

    // Mara becomes a moderator and finds the report first on /mod.
    await site.admin('grant', 'Mara', 'moderator');
    const { page } = mara;
    await reloadUntilModerator(page, 'Mara');
    await page.goto(`${site.server.url}/mod`);
    await page.locator('#mod-reports-table').waitFor();
    assert.equal(await text(page.locator('h2').first()), 'Open reports');
    const row = page.locator('#mod-reports-table tbody tr').first();
    assert.equal(await row.getAttribute('data-about'), 'chat');
    assert.equal(await text(row.locator('.mod-report-by')), 'Ann');
    assert.equal(
      await text(row.locator('.mod-report-what')),
      `Line by Bob in ${code}: “${BOBS_LINE}”`,
    );
    assert.equal(await text(row.locator('.mod-report-reason')), 'Abuse or insults');
    assert.equal(await text(row.locator('.mod-report-words')), 'Insults, again');

    // The reason form survives a refresh; a blank reason is refused.
    await row.locator('button[id^="report-acted-"]').click();
    await page.fill('#resolve-reason', '   ');
    await page.click('#resolve-submit');
    await page.locator('#resolve-error', { hasText: 'Give a reason.' }).waitFor();
    await page.fill('#resolve-reason', 'Muted for an hour');
    await page.click('#mod-refresh');
    await waitUntil(async () => (await page.locator('#mod-reports-table tbody tr').count()) === 1);
    assert.equal(await page.inputValue('#resolve-reason'), 'Muted for an hour');
    assert.deepEqual(await seriousViolations(page), [], '/mod with a report and its form');
    await screenshot(page, 'reports-mod');

    // The action itself with the moderation form, then the report marked acted on.
    await page.selectOption('#mod-action', 'mute');
    await page.fill('#mod-name', 'Bob');
    await page.fill('#mod-minutes', '60');
    await page.fill('#mod-reason', 'Insults in the chat');
    await page.click('#mod-submit');
    await page.locator('#mod-status', { hasText: 'Bob is muted.' }).waitFor();
    await page.click('#resolve-submit');
    await page
      .locator('#mod-report-status', { hasText: /^Report \d+ is marked acted on\.$/ })
      .waitFor();
    await page
      .locator('#mod-reports .mod-reports-body p.hint', { hasText: 'No report is waiting.' })
      .waitFor();
    await waitUntil(async () => (await newestEntry(page)).action === 'report_acted', {
      what: 'report_acted in the log',
    });
    assert.deepEqual(await newestEntry(page), {
      action: 'report_acted',
      target: 'Bob',
      links: 0,
      reason: 'Muted for an hour',
    });
    assert.equal(
      await text(page.locator('#mod-log-table tbody tr').first().locator('.mod-action')),
      'report acted on',
    );

    const [handled] = await myReports(ann.page);
    assert.match(handled.status, /^handled: action taken, .+/);
    await closeMyReports(ann.page);

    // From Bob's profile page: Ann reports the player; her own profile has no Report, and a
    // visitor without a token opens no connection at all.
    await ann.page.goto(`${site.server.url}/u/Ann`);
    await ann.page.locator('#profile-name').waitFor();
    await ann.page.locator('#profile-report').waitFor({ state: 'attached' });
    await ann.page.goto(`${site.server.url}/u/Bob`);
    const reportBob = ann.page.locator('#report-player');
    await reportBob.waitFor();
    assert.equal(await text(reportBob), 'Report Bob');
    await reportBob.click();
    await ann.page.selectOption('#report-reason', 'name');
    assert.deepEqual(await seriousViolations(ann.page), [], 'the profile with the report form');
    await ann.page.click('#report-send');
    await ann.page.locator('.toast', { hasText: 'Thank you' }).waitFor();
    assert.equal(await focused(ann.page), 'report-player');
    await ann.page.goto(`${site.server.url}/u/Ann`);
    await ann.page.locator('#profile-report[data-viewer="self"]').waitFor({ state: 'attached' });
    assert.equal(await ann.page.locator('#report-player').count(), 0, 'not on her own profile');

    const visitor = await site.open({ pathname: '/u/Bob', connects: false });
    let sockets = 0;
    visitor.page.on('websocket', () => sockets++);
    await visitor.page.reload();
    await visitor.page
      .locator('#profile-report[data-viewer="nobody"]')
      .waitFor({ state: 'attached' });
    assert.equal(sockets, 0);
    assert.equal(await visitor.page.locator('#report-player').count(), 0);

    // Mara dismisses it.
    await page.click('#mod-refresh');
    const playerRow = page.locator('#mod-reports-table tbody tr[data-about="player"]');
    await playerRow.waitFor();
    assert.equal(await text(playerRow.locator('.mod-report-what')), 'Player Bob');
    assert.equal(await text(playerRow.locator('.mod-report-reason')), 'Offensive name');
    await resolveReport(page, playerRow, 'dismissed', 'The name is fine');
    await page
      .locator('#mod-reports .mod-reports-body p.hint', { hasText: 'No report is waiting.' })
      .waitFor();
    await waitUntil(async () => (await newestEntry(page)).action === 'report_dismissed', {
      what: 'report_dismissed in the log',
    });

    for (const { problems } of [ann, bob, mara, guest, visitor]) assert.deepEqual(problems, []);
  });

  test('the report form and My reports in Russian', async () => {
    const { page, problems } = people.ann;
    await page.goto(`${site.server.url}/u/Bob`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    const reportBob = page.locator('#report-player', { hasText: 'Пожаловаться на Bob' });
    await reportBob.waitFor();
    await reportBob.click();
    assert.equal(await text(page.locator('#report-title')), 'Жалоба на игрока Bob');
    assert.equal(await text(page.locator('label[for="report-reason"]')), 'Причина');
    await page.fill('#report-words', 'я'.repeat(251));
    await page.click('#report-send');
    await page
      .locator('#report-error', {
        hasText: 'Слишком длинно: не больше 500 байт (около 250 русских букв).',
      })
      .waitFor();
    await page.fill('#report-words', 'снова');
    await page.click('#report-send');
    await page.locator('.toast', { hasText: 'Спасибо: жалоба отправлена модераторам.' }).waitFor();

    await page.goto(`${site.server.url}/`);
    await online(page);
    await page.locator('#my-reports', { hasText: 'Мои жалобы' }).waitFor();
    const statuses = (await myReports(page)).map((report) => report.status);
    await page.locator('#my-reports-title', { hasText: 'Ваши жалобы' }).waitFor();
    assert.equal(statuses.length, 3);
    assert.equal(statuses[0], 'открыта');
    assert.match(statuses[1], /^рассмотрена: отклонена, .+/);
    assert.match(statuses[2], /^рассмотрена: приняты меры, .+/);
    assert.deepEqual(await seriousViolations(page), [], 'My reports in Russian');
    await screenshot(page, 'reports-mine-ru');
    await page.click('#my-reports-close');
    await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
    await online(page);
    assert.deepEqual(problems, []);
  });

  test('an address block refuses new guests until it is lifted', async () => {
    const { page, problems } = people.mara;
    await page.goto(`${site.server.url}/mod`);
    await page.locator('#block-form').waitFor();
    assert.equal(
      await text(page.locator('#mod-blocks .mod-blocks-body p.hint')),
      'No address is blocked.',
    );

    // Host bits set: refused in words, the focus on the address.
    await page.fill('#block-address', '127.0.0.1/8');
    await page.selectOption('#block-refuse', 'guests');
    await page.fill('#block-reason', 'A raid of new guests');
    await page.click('#block-submit');
    await page.locator('#block-error[role="alert"]', { hasText: 'Not an IP address' }).waitFor();
    assert.equal(await focused(page), 'block-address');
    await page.fill('#block-address', '127.0.0.0/8');
    await page.click('#block-submit');
    await page.locator('#block-status', { hasText: '127.0.0.0/8 is blocked.' }).waitFor();
    const row = page.locator('#mod-blocks-table tr[data-address="127.0.0.0/8"]');
    await row.waitFor();
    assert.equal(await text(row.locator('.mod-refuses')), 'new guests');
    assert.equal(await text(row.locator('.mod-until')), 'for good');
    await waitUntil(async () => (await newestEntry(page)).action === 'block');
    assert.deepEqual(await newestEntry(page), {
      action: 'block',
      target: '127.0.0.0/8',
      links: 0,
      reason: 'A raid of new guests',
    });
    assert.deepEqual(await seriousViolations(page), [], '/mod with a block');
    await screenshot(page, 'reports-blocks');

    // A fresh guest is refused, in words; signing in still works on the same page.
    const refused = await site.open({ connects: false });
    await refused.page
      .locator('#address-refused[role="alert"]', {
        hasText:
          'New players are not accepted from your network just now; if you have an account, sign in.',
      })
      .waitFor();
    // Only the notice's own: the lobby never welcomed has findings of its own (#who, Play now).
    assert.deepEqual(
      (await seriousViolations(refused.page)).filter((line) => line.includes('address-refused')),
      [],
      'the refused notice',
    );
    await screenshot(refused.page, 'reports-address-refused');
    await fillAccountForm(refused.page, '#sign-in', 'Bob');
    await refused.page.locator('#account-user', { hasText: 'Bob' }).waitFor({ timeout: SLOW });
    await online(refused.page);

    // Unblocked, with a reason: a fresh guest connects again.
    await row.locator('.mod-unblock').click();
    assert.equal(await focused(page), 'unblock-reason');
    await page.fill('#unblock-reason', 'The raid is over');
    await page.click('#unblock-submit');
    await page.locator('#block-status', { hasText: '127.0.0.0/8 is no longer blocked.' }).waitFor();
    await page
      .locator('#mod-blocks .mod-blocks-body p.hint', { hasText: 'No address is blocked.' })
      .waitFor();
    await waitUntil(async () => (await newestEntry(page)).action === 'unblock');
    const welcome = await site.open();
    assert.equal(await welcome.page.locator('#address-refused').count(), 0);

    for (const opened of [refused, welcome]) assert.deepEqual(opened.problems, []);
    assert.deepEqual(problems, []);
  });
});
