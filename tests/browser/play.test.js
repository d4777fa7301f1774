// End-to-end: real quadra serve, real Chromium. Players create and join rooms through the lobby
// and play by clicking the boards; spectators and reloads see the same game.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createRoom,
  joinByCode,
  waitUntil,
  version,
  screenshot,
  online,
  startRelay,
  apartFromFailedConnections,
  browserSuite,
} from './harness.js';

const suite = browserSuite();
const open = (options, through) => suite.open(options, through);

function assertClean(...opened) {
  for (const { problems } of opened) assert.deepEqual(problems, []);
}

async function seatOf(page) {
  return Number(await page.locator('#room').getAttribute('data-seat'));
}

async function attr(page, name) {
  return page.locator('#room').getAttribute(`data-${name}`);
}

// Every page shows at least version `v`.
async function allAt(list, v) {
  await waitUntil(
    async () => {
      for (const page of list) if ((await version(page)) < v) return false;
      return true;
    },
    { what: `version ${v} on every page` },
  );
}

// The page whose seat is to move, among `list`.
async function mover(list) {
  let found = null;
  await waitUntil(
    async () => {
      for (const page of list) {
        if ((await attr(page, 'to-move')) === (await attr(page, 'seat'))) {
          found = page;
          return true;
        }
      }
      return false;
    },
    { what: 'a player to move' },
  );
  return found;
}

// A first visit through a shared link: the invitation asks for a name, then joins the room.
async function acceptInvite(page, code, name) {
  await page.locator('.invite .room-code', { hasText: code }).waitFor();
  await screenshot(page, 'lobby-invite');
  await page.fill('#invite-name', name);
  await page.click('#invite-join');
  await page.locator('#room-code', { hasText: code }).waitFor();
  await page.locator('#who', { hasText: name }).waitFor();
}

// The player to move clicks the first highlighted cell; returns the version after the move.
async function clickFirstLegal(list) {
  const page = await mover(list);
  const versionBefore = await version(page);
  const cell = page.locator('.board-cell--active').first();
  const label = await cell.getAttribute('aria-label');
  await cell.click();
  await allAt(list, versionBefore + 1);
  return { version: await version(page), cell: label.split(',')[0], page };
}

describe('the web client', () => {
  test(
    'two players create, join by link and play Kvadratura 4x4 to its result; a spectator ' +
      'watches live',
    async () => {
      const ann = await open({ name: 'Ann' });
      const code = await createRoom(ann.page, 'kvadratura', { size: 4 });
      assert.match(code, /^[A-Z0-9]+$/);
      assert.equal(await attr(ann.page, 'status'), 'waiting');
      assert.equal(new URL(ann.page.url()).pathname, `/r/${code}`);

      // Bob follows the shareable link; Cy watches from the lobby's live list.
      const bob = await open({ pathname: `/r/${code}` });
      await acceptInvite(bob.page, code, 'Bob');
      await waitUntil(async () => (await attr(ann.page, 'status')) === 'playing', {
        what: 'the game to start',
      });
      assert.equal(await seatOf(ann.page), 0);
      assert.equal(await seatOf(bob.page), 1);
      await ann.page.locator('#players [data-seat="1"] .player-name', { hasText: 'Bob' }).waitFor();

      const cy = await open({ name: 'Cy', viewport: { width: 390, height: 844 } });
      await cy.page.locator(`#live-rooms [data-room="${code}"] button:has-text("Watch")`).click();
      await cy.page.locator('#room-code', { hasText: code }).waitFor();
      assert.equal(await attr(cy.page, 'seat'), '');
      await ann.page.locator('#spectator-count', { hasText: '1 spectator' }).waitFor();

      const players = [ann.page, bob.page];
      let moves = 0;
      while ((await attr(ann.page, 'status')) !== 'finished') {
        const { version: v, cell } = await clickFirstLegal(players);
        moves += 1;
        // The spectator sees every move as it happens, highlighted as the last move.
        await allAt([cy.page], v);
        if ((await attr(cy.page, 'status')) !== 'finished') {
          await cy.page
            .locator(`.board-cell[aria-label^="${cell},"][aria-label*="last move"]`)
            .waitFor();
        }
        if (moves === 4) {
          await screenshot(ann.page, 'kvadratura-midgame');
          await screenshot(cy.page, 'kvadratura-phone-spectator');
        }
        assert.ok(moves <= 16, 'a 4x4 board takes at most 16 moves');
      }
      for (const page of [ann.page, bob.page, cy.page]) {
        await page.locator('#result-banner').waitFor({ state: 'visible' });
        await waitUntil(async () => (await attr(page, 'status')) === 'finished');
      }
      const headlines = await Promise.all(
        [ann.page, bob.page].map((p) => p.locator('.result-headline').textContent()),
      );
      assert.ok(
        headlines.some((h) => /You win|Draw|share/.test(h)),
        headlines.join(' / '),
      );
      await screenshot(ann.page, 'kvadratura-result');
      assertClean(ann, bob, cy);
    },
  );

  test("four players start Kvadrat 4-player and each sees the others' moves", async () => {
    const a = await open({ name: 'North' });
    const code = await createRoom(a.page, 'kvadrat', { players: 4 });
    const others = [];
    for (const name of ['East', 'South']) {
      const o = await open({ name });
      await joinByCode(o.page, code);
      others.push(o);
    }
    // The fourth follows a '#<code>' link, and the address bar becomes the room's /r/ link.
    const west = await open({ pathname: `/#${code}` });
    await acceptInvite(west.page, code, 'West');
    assert.equal(new URL(west.page.url()).pathname, `/r/${code}`);
    others.push(west);
    const list = [a.page, ...others.map((o) => o.page)];
    await waitUntil(async () => (await attr(a.page, 'status')) === 'playing', {
      what: 'the 4-player game to start',
    });
    assert.deepEqual(await Promise.all(list.map(seatOf)), [0, 1, 2, 3]);

    for (let i = 0; i < 4; ++i) {
      const { version: v, cell, page } = await clickFirstLegal(list);
      await allAt(list, v);
      for (const other of list) {
        if (other === page) continue;
        await other
          .locator(`.board-cell[aria-label^="${cell},"][aria-label*="last move"]`)
          .waitFor();
      }
    }
    // Each of the four sees the same board: four placed pieces.
    await screenshot(a.page, 'kvadrat-4p-midgame');
    assertClean(a, ...others);
  });

  test('a Quadwrangle turn: roll, keep two dice, re-roll, pick a play; both boards update', async () => {
    const a = await open({ name: 'Ada', viewport: { width: 1100, height: 1000 } });
    const code = await createRoom(a.page, 'quadwrangle');
    const b = await open({ name: 'Ben' });
    await joinByCode(b.page, code);
    const list = [a.page, b.page];
    await waitUntil(async () => (await attr(a.page, 'status')) === 'playing');
    const page = await mover(list);
    const other = list.find((p) => p !== page);

    const v0 = await version(page);
    await page.locator('.board-button--primary', { hasText: 'Roll' }).click();
    await allAt(list, v0 + 1);
    // Both see five dice.
    for (const p of list) {
      await waitUntil(
        async () => (await p.locator('.board-die:not(.board-die--empty)').count()) === 5,
        { what: 'five dice' },
      );
    }
    const dice = page.locator('.board-die');
    await dice.nth(0).click();
    await dice.nth(1).click();
    await waitUntil(async () => (await dice.nth(1).getAttribute('aria-pressed')) === 'true', {
      what: 'die 2 kept',
    });
    const kept = await Promise.all([0, 1].map((i) => dice.nth(i).getAttribute('aria-label')));
    await page.locator('.board-button--primary', { hasText: 'Re-roll 3 dice' }).click();
    await allAt(list, v0 + 2);
    // The kept dice stay as they were, on both screens.
    for (const p of list) {
      for (const i of [0, 1]) {
        const label = await p.locator('.board-die').nth(i).getAttribute('aria-label');
        assert.equal(label.split(',')[0], kept[i].split(',')[0]);
      }
    }
    const play = page.locator('.board-button--play:not([disabled])').first();
    const pass = page.locator('.board-button', { hasText: 'Pass' });
    await waitUntil(async () => (await play.count()) > 0 || (await pass.count()) > 0, {
      what: 'a play or a pass to choose',
    });
    await screenshot(page, 'quadwrangle-midgame');
    if (await play.count()) await play.click();
    else await pass.click();
    await allAt(list, v0 + 3);
    // The turn passed: the other player is to move, on both screens.
    await waitUntil(async () => (await attr(other, 'to-move')) === (await attr(other, 'seat')), {
      what: 'the other player to move',
    });
    assert.equal(await attr(page, 'to-move'), await attr(other, 'seat'));
    assertClean(a, b);
  });

  test("reloading a player's page mid-game resumes the seat; a Quadrature game continues", async () => {
    const a = await open({ name: 'Iva' });
    const code = await createRoom(a.page, 'quadrature');
    const b = await open({ name: 'Jon' });
    await joinByCode(b.page, code);
    const list = [a.page, b.page];
    await waitUntil(async () => (await attr(a.page, 'status')) === 'playing');
    const first = await quadratureMove(list);
    await allAt(list, first);

    await b.page.reload();
    await online(b.page);
    await b.page.locator('#room-code', { hasText: code }).waitFor();
    await allAt([b.page], first);
    assert.equal(await seatOf(b.page), 1);
    // Bob still plays his seat after the reload.
    const second = await quadratureMove(list);
    await allAt(list, second);
    await screenshot(a.page, 'quadrature-midgame');
    assertClean(a, b);
  });

  test('a network drop shows the offline banner; the page reconnects and keeps its seat', async () => {
    const relay = await startRelay(suite.server);
    try {
      const a = await open({ name: 'Kai' });
      const code = await createRoom(a.page, 'kvadratura', { size: 4 });
      // Lea's page reaches the server through the relay, so her network can be cut.
      const lea = await open({ pathname: `/r/${code}` }, relay);
      await acceptInvite(lea.page, code, 'Lea');
      const list = [a.page, lea.page];
      await waitUntil(async () => (await attr(a.page, 'status')) === 'playing');
      const { version: v1 } = await clickFirstLegal(list);

      relay.refusing = true;
      relay.drop();
      await lea.page.locator('#offline-banner').waitFor({ state: 'visible' });
      await lea.page.locator('#connection-status', { hasText: 'offline' }).waitFor();
      // The other player sees Lea's seat lose its connection.
      await a.page.locator('#players [data-seat="1"] .conn--offline').waitFor();

      relay.refusing = false;
      await lea.page.locator('#offline-banner').waitFor({ state: 'hidden' });
      await a.page.locator('#players [data-seat="1"] .conn--online').waitFor();
      assert.equal(await seatOf(lea.page), 1);
      assert.equal(await version(lea.page), v1);
      // Both carry on playing.
      const { version: v2 } = await clickFirstLegal(list);
      await clickFirstLegal(list);
      await allAt(list, v2 + 1);
      assertClean(a);
      assert.deepEqual(apartFromFailedConnections(lea.problems), []);
    } finally {
      await relay.close();
    }
  });

  test('no outside requests and no console errors on a phone-sized lobby', async () => {
    const phone = await open({ viewport: { width: 390, height: 800 } });
    await phone.page.locator('#create-game').waitFor();
    const options = await phone.page.locator('#create-game option').allTextContents();
    assert.deepEqual(options, ['Quadrature', 'Quadwrangle', 'Kvadrat', 'Kvadratura']);
    await phone.page.selectOption('#create-game', 'kvadrat');
    const players = await phone.page.locator('#opt-players option').allTextContents();
    assert.deepEqual(players, ['Two players (default)', 'Four players']);
    await screenshot(phone.page, 'lobby-phone');
    assertClean(phone);
  });
});

// The player to move picks a man, then its first target; returns the version after the move.
async function quadratureMove(list) {
  const page = await mover(list);
  const versionBefore = await version(page);
  await page.locator('.board-cell--active[aria-label*="can move"]').first().click();
  await page.locator('.board-cell--active[aria-label*="legal move"]').first().click();
  await allAt(list, versionBefore + 1);
  return version(page);
}
