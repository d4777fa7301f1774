// End-to-end quick pairing: real quadra serve, real Chromium. Two players press Play now with the
// same choice and land seated in the same room; a listed seek is accepted with one click; a
// cancelled seek leaves every lobby.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { waitUntil, screenshot, browserSuite } from './harness.js';

const suite = browserSuite();
const open = (options) => suite.open(options);

async function attr(page, name) {
  return page.locator('#room').getAttribute(`data-${name}`);
}

// Chooses a game and options in the Play now form and presses Play now.
async function playNow(page, game, options = {}) {
  await page.selectOption('#seek-game', game);
  for (const [name, value] of Object.entries(options)) {
    await page.selectOption(`#seek-opt-${name}`, String(value));
  }
  await page.click('#seek-button');
}

// The room the page shows once it is playing, and the page's seat in it.
async function seatedRoom(page) {
  const code = page.locator('#room-code');
  await code.waitFor();
  await waitUntil(async () => (await attr(page, 'status')) === 'playing', {
    what: 'the paired game to start',
  });
  return { code: await code.textContent(), seat: Number(await attr(page, 'seat')) };
}

describe('Play now', () => {
  test('two players pressing Play now with the same choice are seated in one room', async () => {
    const ann = await open({ name: 'Ann' });
    const bob = await open({ name: 'Bob' });
    // Guests cannot seek rated games; the form says why.
    assert.equal(await ann.page.locator('#seek-rated').isDisabled(), true);
    await ann.page.locator('#seek-rated-help', { hasText: 'account' }).waitFor();

    await playNow(ann.page, 'kvadratura', { size: 4 });
    await ann.page.locator('#seeking', { hasText: 'Seeking' }).waitFor();
    // Bob's lobby lists Ann's seek.
    await bob.page.locator('#open-seeks .seek-item', { hasText: 'Ann (1500)' }).waitFor();
    await screenshot(bob.page, 'lobby-open-seek');

    await playNow(bob.page, 'kvadratura', { size: 4 });
    const a = await seatedRoom(ann.page);
    const b = await seatedRoom(bob.page);
    assert.equal(a.code, b.code);
    assert.deepEqual([a.seat, b.seat].sort(), [0, 1]);
    assert.equal(new URL(ann.page.url()).pathname, `/r/${a.code}`);
    await ann.page.locator('#players .player-name', { hasText: 'Bob' }).first().waitFor();
    await screenshot(ann.page, 'paired-room');
    for (const { problems } of [ann, bob]) assert.deepEqual(problems, []);
  });

  test('a listed seek is accepted with one click; a cancelled seek leaves the lobby', async () => {
    const cy = await open({ name: 'Cy' });
    const di = await open({ name: 'Di' });
    const ed = await open({ name: 'Ed' });

    await playNow(ed.page, 'kvadrat');
    await di.page.locator('#open-seeks .seek-item', { hasText: 'Ed (1500)' }).waitFor();
    await ed.page.click('#cancel-seek');
    await ed.page.locator('#seeking').waitFor({ state: 'hidden' });
    await waitUntil(
      async () =>
        (await di.page.locator('#open-seeks .seek-item', { hasText: 'Ed' }).count()) === 0,
      { what: "Ed's cancelled seek to leave Di's lobby" },
    );

    await playNow(cy.page, 'kvadratura', { size: 5 });
    const listed = di.page.locator('#open-seeks .seek-item', { hasText: 'Cy (1500)' });
    await listed.locator('button', { hasText: 'Play' }).click();
    const c = await seatedRoom(cy.page);
    const d = await seatedRoom(di.page);
    assert.equal(c.code, d.code);
    assert.deepEqual([c.seat, d.seat].sort(), [0, 1]);
    // Ed, who cancelled, stays in the lobby.
    assert.equal(await ed.page.locator('#lobby').isHidden(), false);
    for (const { problems } of [cy, di, ed]) assert.deepEqual(problems, []);
  });
});
