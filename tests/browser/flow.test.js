// Feedback and flow, finding games again (issue #16): the move list in words during play, "your
// games" in the lobby (Resume, no jump into a running game) and a finished game's replay in words,
// also after the server restarts on the same data. Real quadra serve, real Chromium.

import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  browserSuite,
  createRoom,
  joinByCode,
  launchBrowser,
  online,
  openPage,
  screenshot,
  startServer,
  version,
  waitUntil,
} from './harness.js';

const suite = browserSuite();
const attr = (page, name) => page.locator('#room').getAttribute(`data-${name}`);

// The page whose seat is to move clicks its first highlighted cell; resolves with the cell's
// name once every page shows the move.
async function clickFirstLegal(pages) {
  let mover = null;
  for (const page of pages) {
    if ((await attr(page, 'seat')) === (await attr(page, 'to-move'))) mover = page;
  }
  assert.ok(mover, 'somebody is to move');
  const before = await version(mover);
  const cell = mover.locator('.board-cell--active').first();
  const name = (await cell.getAttribute('aria-label')).split(',')[0];
  await cell.click();
  for (const page of pages) {
    await waitUntil(async () => (await version(page)) >= before + 1, { what: 'the move' });
  }
  return name;
}

async function moveTexts(page) {
  return page
    .locator('#move-list .move-list-item')
    .evaluateAll((items) => items.map((item) => item.textContent));
}

// A free loopback port, so a restarted server keeps its origin (and the page its token).
function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

describe('feedback and flow (issue #16)', () => {
  test('the move list names who played what, the latest highlighted, for late joiners too', async () => {
    const ann = await suite.open({ name: 'Ann' });
    const code = await createRoom(ann.page, 'kvadratura', { size: 4 });
    const bob = await suite.open({ name: 'Bob' });
    await joinByCode(bob.page, code);
    const pages = [ann.page, bob.page];
    await waitUntil(async () => (await attr(ann.page, 'status')) === 'playing');
    const cells = [];
    for (let i = 0; i < 3; i++) cells.push(await clickFirstLegal(pages));
    const expected = [`1.Ann: ${cells[0]}`, `2.Bob: ${cells[1]}`, `3.Ann: ${cells[2]}`];
    for (const page of pages) {
      await waitUntil(async () => (await moveTexts(page)).length === 3, { what: 'three moves' });
      assert.deepEqual(await moveTexts(page), expected);
      const current = page.locator('#move-list .move-list-item--current');
      assert.equal(await current.count(), 1);
      assert.equal(await current.getAttribute('data-ply'), '3');
    }
    // A spectator who comes later reads the same list from the record.
    const cy = await suite.open({ name: 'Cy' });
    await joinByCode(cy.page, code, 'spectator');
    await waitUntil(async () => (await moveTexts(cy.page)).length === 3, { what: "Cy's list" });
    assert.deepEqual(await moveTexts(cy.page), expected);
    await screenshot(ann.page, 'move-list-kvadratura');
    for (const { problems } of [ann, bob, cy]) assert.deepEqual(problems, []);
  });

  test('a Quadwrangle roll reads "Ann rolled" and its five dice', async () => {
    const ann = await suite.open({ name: 'Ann' });
    await createRoom(ann.page, 'quadwrangle');
    await ann.page.click('#add-bot');
    await waitUntil(async () => (await attr(ann.page, 'status')) === 'playing');
    await ann.page.locator('.board-button--primary', { hasText: 'Roll' }).click();
    await waitUntil(async () => (await moveTexts(ann.page)).length >= 1, { what: 'the roll' });
    assert.match((await moveTexts(ann.page))[0], /^1\.Ann rolled [1-6] [1-6] [1-6] [1-6] [1-6]$/);
    assert.deepEqual(ann.problems, []);
  });
});

describe('move sounds (issue #16)', () => {
  test('are off by default, and the choice survives a reload', async () => {
    const ann = await suite.open({ name: 'Ann' });
    const toggle = ann.page.locator('#sound-toggle');
    assert.equal(await toggle.textContent(), 'Sounds off');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await toggle.click();
    assert.equal(await toggle.textContent(), 'Sounds on');
    await ann.page.reload();
    await online(ann.page);
    assert.equal(await toggle.textContent(), 'Sounds on');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    // A move with sounds on plays without an error.
    await createRoom(ann.page, 'kvadratura', { size: 4 });
    await ann.page.click('#add-bot');
    await waitUntil(async () => (await attr(ann.page, 'status')) === 'playing');
    await clickFirstLegal([ann.page]);
    assert.deepEqual(ann.problems, []);
  });
});

describe('finding games again (issue #16)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'quadra-flow-'));
  let server = null;
  let browser = null;
  after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('"your games" lists a running room and a finished game, also after a restart', async () => {
    const port = await freePort();
    server = await startServer([], { dir, port });
    browser = await launchBrowser();
    const ann = await openPage(browser, server, { name: 'Ann' });
    const bob = await openPage(browser, server, { name: 'Bob' });
    const code = await createRoom(ann.page, 'kvadratura', { size: 4 });
    await joinByCode(bob.page, code);
    await waitUntil(async () => (await attr(ann.page, 'status')) === 'playing');
    const cells = [];
    for (let i = 0; i < 2; i++) cells.push(await clickFirstLegal([ann.page, bob.page]));
    await bob.page.click('#resign-button');
    await bob.page.click('#resign-button');
    await waitUntil(async () => (await attr(ann.page, 'status')) === 'finished');
    await ann.page.click('#leave-button');
    // A game against the computer that Ann leaves running: her seat stays hers.
    const running = await createRoom(ann.page, 'quadwrangle');
    await ann.page.click('#add-bot');
    await waitUntil(async () => (await attr(ann.page, 'status')) === 'playing');
    await ann.page.click('#leave-button');

    const yours = ann.page.locator('#your-games');
    const check = async (page) => {
      await page.locator(`#your-running [data-room="${running}"]`).waitFor();
      await page.locator(`#your-finished [data-room="${code}"]`).waitFor();
      const finished = await page.locator(`#your-finished [data-room="${code}"]`).textContent();
      assert.match(finished, /Kvadratura/);
      assert.match(finished, /Ann vs Bob/);
      assert.match(finished, /Ann won/);
      const on = await page.locator(`#your-running [data-room="${running}"]`).textContent();
      assert.match(on, /Quadwrangle/);
      assert.match(on, /Ann vs Computer \(medium\) · playing/);
    };
    await check(ann.page);
    await screenshot(ann.page, 'your-games');

    // The server restarts on the same data; the page comes back on its own.
    await server.stop();
    server = await startServer([], { dir, port });
    await ann.page.reload();
    await online(ann.page);
    await check(ann.page);
    // The lobby stays: the running room is offered, not forced.
    assert.equal(await ann.page.locator('#lobby').isHidden(), false);
    assert.equal(await ann.page.locator('#room').isHidden(), true);
    assert.ok(await yours.isVisible());

    // Replay: the finished game in words, with move numbers and players.
    await ann.page.click(`#your-finished [data-room="${code}"] a`);
    await ann.page.locator('#replay-moves .replay-move').first().waitFor();
    const replayed = await ann.page
      .locator('#replay-moves .replay-move')
      .evaluateAll((items) => items.map((item) => item.textContent));
    assert.deepEqual(replayed, [`1. Ann: ${cells[0]}`, `2. Bob: ${cells[1]}`]);
    await screenshot(ann.page, 'your-games-replay');

    // Resume takes Ann back to her running room.
    await ann.page.click('#leave-button');
    await ann.page.click(`#your-running [data-room="${running}"] button`);
    await ann.page.locator('#room-code', { hasText: running }).waitFor();
    assert.equal(await attr(ann.page, 'seat'), '0');

    // A finished room's link opens its replay for anyone who has it.
    const cy = await openPage(browser, server, { name: 'Cy' });
    await cy.page.goto(`${server.url}/r/${code}`);
    await online(cy.page);
    await cy.page.locator('#replay-moves .replay-move').first().waitFor();
    for (const page of [ann, bob, cy]) {
      assert.deepEqual(
        page.problems.filter((p) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load/.test(p)),
        [],
      );
    }
  });
});
