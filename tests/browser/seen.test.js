// Regressions of what was seen in use (issue #16, "Fix what was seen"): each test is named after
// what broke and failed before its fix. Real quadra serve, real Chromium.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apartFromFailedConnections,
  createRoom,
  joinByCode,
  waitUntil,
  startRelay,
  browserSuite,
} from './harness.js';

const suite = browserSuite();
const open = (options, through) => suite.open(options, through);

const attr = (page, name) => page.locator('#room').getAttribute(`data-${name}`);

function assertClean(...opened) {
  for (const { problems } of opened) assert.deepEqual(problems, []);
}

// Ann creates a room of `game`, Bob joins it by code; resolves once both see it being played.
async function twoPlayers(game, options = {}, create = {}) {
  const ann = await open({ name: 'Ann' });
  const code = await createRoom(ann.page, game, options, create);
  const bob = await open({ name: 'Bob' });
  await joinByCode(bob.page, code);
  for (const { page } of [ann, bob]) {
    await waitUntil(async () => (await attr(page, 'status')) === 'playing', {
      what: 'the game to start',
    });
  }
  return { ann, bob, code };
}

describe('what was seen (issue #16)', () => {
  test('a waiting room shows nobody "to move"', async () => {
    const ann = await open({ name: 'Ann' });
    await createRoom(ann.page, 'kvadratura', { size: 4 });
    await ann.page.locator('.board-seat').first().waitFor();
    assert.equal(await attr(ann.page, 'status'), 'waiting');
    assert.equal(await ann.page.locator('.board-seat--to-move').count(), 0);
    assert.equal(await ann.page.getByText('to move', { exact: true }).count(), 0);
    assertClean(ann);
  });

  test('the chosen computer strength stays for the second "Add"', async () => {
    const ann = await open({ name: 'Ann' });
    await createRoom(ann.page, 'kvadrat', { players: 4 });
    await ann.page.selectOption('#bot-level', 'hard');
    for (const seat of [1, 2]) {
      await ann.page.click('#add-bot');
      await ann.page
        .locator(`#players [data-seat="${seat}"] .conn`, { hasText: 'computer' })
        .waitFor();
      const holder = ann.page.locator(`#players [data-seat="${seat}"] .conn`);
      assert.equal(await holder.textContent(), 'computer, hard');
    }
    assert.equal(await ann.page.inputValue('#bot-level'), 'hard');
    assertClean(ann);
  });

  test('joining a full room says that you watch instead', async () => {
    const { code } = await twoPlayers('kvadratura', { size: 4 });
    const cy = await open({ name: 'Cy' });
    await joinByCode(cy.page, code);
    await cy.page.locator('.toast', { hasText: `Room ${code} is full` }).waitFor();
    assert.equal(await cy.page.locator('#room-role').textContent(), 'Watching');
    assertClean(cy);
  });

  test('a declined draw offer is told to the one who offered it', async () => {
    const { ann, bob } = await twoPlayers('kvadratura', { size: 4 });
    await bob.page.click('#offer-draw');
    await bob.page.locator('.life-offer', { hasText: 'You offered a draw' }).waitFor();
    await ann.page.click('#decline-draw');
    await bob.page.locator('.life-offer', { hasText: 'Ann declined your draw offer' }).waitFor();
    // The offer button is back, and the next offer starts afresh.
    await bob.page.locator('#offer-draw').waitFor();
    assertClean(ann, bob);
  });

  test('a resignation shows no "Scores" line of a game that was not scored', async () => {
    const { ann, bob } = await twoPlayers('kvadratura', { size: 4 });
    await bob.page.click('#resign-button');
    await bob.page.click('#resign-button');
    for (const { page } of [ann, bob]) {
      await page.locator('#result-banner', { hasText: 'Bob resigned' }).waitFor();
      assert.equal(await page.locator('#result-banner', { hasText: 'Scores' }).count(), 0);
    }
    assert.match(await bob.page.locator('.result-headline').textContent(), /you lose/);
    assertClean(ann, bob);
  });

  test('the replay of a game without dice offers no dice to verify', async () => {
    const { ann, bob } = await twoPlayers('kvadratura', { size: 4 });
    await bob.page.click('#resign-button');
    await bob.page.click('#resign-button');
    const button = ann.page.locator('#replay-button');
    await button.waitFor();
    assert.equal(await button.textContent(), 'Replay');
    await button.click();
    await ann.page.locator('.replay-title', { hasText: 'Ann vs Bob' }).waitFor();
    assert.equal(await ann.page.locator('#verify-dice').count(), 0);
    assert.equal(await ann.page.locator('#dice-commitment').count(), 0);
    assertClean(ann, bob);
  });

  test('/r/<unknown> says the room does not exist before asking for a name', async () => {
    const guest = await open({ pathname: '/r/NOSUCH' });
    await guest.page.locator('.toast', { hasText: 'NOSUCH' }).waitFor();
    assert.equal(await guest.page.locator('#invite-name').count(), 0);
    assert.equal(new URL(guest.page.url()).pathname, '/');
    // A real room's link still asks for the name first.
    const ann = await open({ name: 'Ann' });
    const code = await createRoom(ann.page, 'kvadratura', { size: 4 });
    const bob = await open({ pathname: `/r/${code}` });
    await bob.page.locator('.invite .room-code', { hasText: code }).waitFor();
    await bob.page.fill('#invite-name', 'Bob');
    await bob.page.click('#invite-join');
    await waitUntil(async () => (await attr(bob.page, 'seat')) === '1', { what: 'a seat' });
    assertClean(ann, bob);
  });

  test('while offline no cell is clickable and nobody is shown online', async () => {
    const relay = await startRelay(suite.server);
    try {
      const ann = await open({ name: 'Ann' }, relay);
      const code = await createRoom(ann.page, 'kvadratura', { size: 4 });
      const bob = await open({ name: 'Bob' });
      await joinByCode(bob.page, code);
      await waitUntil(async () => (await attr(ann.page, 'to-move')) === '0', { what: 'a turn' });
      await ann.page.locator('.board-cell--active').first().waitFor();
      await ann.page.locator('#players .conn--online').first().waitFor();

      relay.refusing = true;
      relay.drop();
      await ann.page.locator('#offline-banner').waitFor();
      assert.equal(await ann.page.locator('.board-cell--active').count(), 0);
      assert.equal(await ann.page.locator('#players .conn--online').count(), 0);
      await ann.page.locator('.board-cell').first().click();
      assert.equal(
        await ann.page.locator('#players [data-seat="1"] .conn').textContent(),
        'unknown',
      );

      relay.refusing = false;
      await ann.page.locator('#connection-status', { hasText: 'online' }).waitFor();
      await ann.page.locator('.board-cell--active').first().waitFor();
      await ann.page.locator('#players [data-seat="1"] .conn--online').waitFor();
      assert.deepEqual(apartFromFailedConnections(ann.problems), []);
      assertClean(bob);
    } finally {
      await relay.close();
    }
  });

  test('a finished Quadwrangle game and its replay show no dice controls', async () => {
    const { ann, bob } = await twoPlayers('quadwrangle');
    await ann.page.locator('.board-controls button', { hasText: 'Roll' }).waitFor();
    await bob.page.click('#resign-button');
    await bob.page.click('#resign-button');
    await ann.page.locator('#result-banner', { hasText: 'Bob resigned' }).waitFor();
    assert.equal(await ann.page.locator('.room-body .board-controls').isVisible(), false);
    await ann.page.click('#replay-button');
    await ann.page.locator('.replay-title', { hasText: 'Ann vs Bob' }).waitFor();
    await waitUntil(
      async () => (await ann.page.locator('#replay-host').getAttribute('data-replay-ply')) === '0',
      {
        what: 'the last position of the replay',
      },
    );
    assert.equal(await ann.page.locator('.replay .board-controls').isVisible(), false);
    assert.equal(await ann.page.locator('.replay .board-die').count(), 5);
    assertClean(ann, bob);
  });

  test('long names in the players panel are neither cut nor overlapping', async () => {
    const ann = await open({ name: 'Wolfeschlegelsteinhausen' });
    await createRoom(ann.page, 'kvadrat', { players: 4 }, { clock: '5 min + 5 s' });
    for (let i = 0; i < 3; ++i) {
      const before = await ann.page.locator('#players .conn', { hasText: 'computer' }).count();
      await ann.page.click('#add-bot');
      await waitUntil(
        async () =>
          (await ann.page.locator('#players .conn', { hasText: 'computer' }).count()) > before,
        { what: 'a computer player' },
      );
    }
    await ann.page.locator('#players .player-clock').first().waitFor();
    const problems = await ann.page.evaluate(() => {
      const found = [];
      const overlap = (a, b) =>
        a.left < b.right - 0.5 &&
        b.left < a.right - 0.5 &&
        a.top < b.bottom - 0.5 &&
        b.top < a.bottom - 0.5;
      for (const item of document.querySelectorAll('#players .player')) {
        const name = item.querySelector('.player-name');
        if (name.scrollWidth > name.clientWidth + 1) found.push(`cut: ${name.textContent}`);
        const parts = [
          ...item.querySelectorAll('.player-text, .conn, .to-move-badge, .player-clock'),
        ];
        parts.forEach((a, i) =>
          parts.slice(i + 1).forEach((b) => {
            if (overlap(a.getBoundingClientRect(), b.getBoundingClientRect())) {
              found.push(`${a.className} over ${b.className} in seat ${item.dataset.seat}`);
            }
          }),
        );
        const box = item.getBoundingClientRect();
        for (const part of parts) {
          const r = part.getBoundingClientRect();
          if (r.right > box.right + 0.5) found.push(`${part.className} sticks out`);
        }
      }
      return found;
    });
    assert.deepEqual(problems, []);
    assertClean(ann);
  });

  test('the first clock running before the first move is said, before and after the start', async () => {
    const ann = await open({ name: 'Ann' });
    const code = await createRoom(ann.page, 'kvadratura', { size: 4 }, { clock: '5 min + 5 s' });
    await ann.page
      .locator('#clock-note', { hasText: 'starts as soon as every seat is taken' })
      .waitFor();
    const bob = await open({ name: 'Bob' });
    await joinByCode(bob.page, code);
    await ann.page.locator('#clock-note', { hasText: 'Your clock is running' }).waitFor();
    await bob.page.locator('#clock-note', { hasText: '(Ann) is on the clock' }).waitFor();
    await ann.page.locator('.board-cell--active').first().click();
    for (const { page } of [ann, bob]) {
      await waitUntil(async () => await page.locator('#clock-note').isHidden(), {
        what: 'the clock note to go after the first move',
      });
    }
    assertClean(ann, bob);
  });
});
