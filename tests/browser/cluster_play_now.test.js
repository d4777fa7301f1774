// Play now across two nodes on one PostgreSQL database: real `quadra serve` nodes, real Chromium.
// A seek on one node is listed on the other; when a player there accepts it, that node hosts the
// room and the first seeker's page follows the redirect to it and plays.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage, screenshot, startServer, waitUntil } from './harness.js';
import { startPostgres } from './postgres.js';

let postgres;
let nodes = [];
let browser;
const pages = [];

before(async () => {
  postgres = await startPostgres();
  const cluster = ['--store', 'postgres', '--database-url', postgres.url, '--lease-seconds', '2'];
  const a = await startServer([...cluster, '--node-id', 'a']);
  // A's pages are sent to B: B takes their WebSocket from A's origin.
  const b = await startServer([...cluster, '--node-id', 'b', '--allowed-origins', a.url]);
  nodes = [a, b];
  browser = await launchBrowser();
});

after(async () => {
  for (const { context } of pages) await context.close().catch(() => {});
  if (browser) await browser.close();
  for (const node of nodes) await node.stop();
  if (postgres) postgres.stop();
});

async function open(node, name) {
  const opened = await openPage(browser, node, { name });
  pages.push(opened);
  return opened;
}

async function seatedRoom(page) {
  const code = page.locator('#room-code');
  await code.waitFor();
  await waitUntil(
    async () => (await page.locator('#room').getAttribute('data-status')) === 'playing',
    {
      what: 'the paired game to start',
    },
  );
  return {
    code: await code.textContent(),
    seat: Number(await page.locator('#room').getAttribute('data-seat')),
  };
}

describe('Play now on two nodes', () => {
  test('a seek on one node pairs with a player on the other, whose node hosts the room', async () => {
    const [a, b] = nodes;
    const ann = await open(a, 'Ann');
    const bob = await open(b, 'Bob');
    await ann.page.selectOption('#seek-game', 'kvadratura');
    await ann.page.click('#seek-button');
    await ann.page.locator('#seeking').waitFor();
    // B's lobby lists the seek made on A.
    await bob.page.locator('#open-seeks .seek-item', { hasText: 'Ann (1500)' }).waitFor();
    await bob.page.selectOption('#seek-game', 'kvadratura');
    await bob.page.click('#seek-button');

    const seatOfBob = await seatedRoom(bob.page);
    const seatOfAnn = await seatedRoom(ann.page);
    assert.equal(seatOfAnn.code, seatOfBob.code);
    assert.deepEqual([seatOfAnn.seat, seatOfBob.seat].sort(), [0, 1]);
    await ann.page.locator('#players .player-name', { hasText: 'Bob' }).first().waitFor();
    await screenshot(ann.page, 'paired-across-nodes');
    for (const { problems } of [ann, bob]) assert.deepEqual(problems, []);
  });
});
