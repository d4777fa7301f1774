// Room life against the real server (PROTOCOL.md "Room life"): two players in two browser
// contexts and a spectator in a third play Kvadratura with a bank clock chosen in the create
// form, chat on both channels, resign with its confirm step, rematch into the rotated room, and
// agree a draw there; a per-move clock shows only the running seat's time.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  createRoom,
  joinByCode,
  waitUntil,
  version,
  screenshot,
  installWsClient,
  browserSuite,
} from './harness.js';

const suite = browserSuite();
const open = (options, through) => suite.open(options, through);

const attr = (page, name) => page.locator('#room').getAttribute(`data-${name}`);

// "2:58" -> 178, "0:09.4" -> 9.4.
function seconds(text) {
  const match = text.match(/^(\d+):(\d+(?:\.\d)?)$/);
  assert.ok(match, `a clock figure, not "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const clockText = (page, seat) =>
  page.locator(`#players [data-seat="${seat}"] .player-clock`).textContent();

// The player to move (among pages whose seat data is set) clicks the first active cell.
async function playOne(list) {
  let mover = null;
  await waitUntil(
    async () => {
      for (const page of list) {
        if ((await attr(page, 'to-move')) === (await attr(page, 'seat'))) mover = page;
      }
      return mover !== null;
    },
    { what: 'a player to move' },
  );
  const versionBefore = await version(mover);
  await mover.locator('.board-cell--active').first().click();
  await waitUntil(
    async () => {
      for (const page of list) if ((await version(page)) <= versionBefore) return false;
      return true;
    },
    { what: `version ${versionBefore + 1} everywhere` },
  );
}

async function chatTexts(page) {
  return page.locator('.chat-line .chat-text').allTextContents();
}

async function say(page, text) {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
  await waitUntil(async () => (await page.inputValue('#chat-input')) === '', {
    what: 'the chat line to be sent',
  });
}

describe('room life against the real server', () => {
  test('clock, chat channels, resign, rematch with rotated seats, then an agreed draw', async () => {
    const ann = await open({ name: 'Ann' });
    const code = await createRoom(ann.page, 'kvadratura', { size: 4 }, { clock: '3 min + 2 s' });
    const bob = await open({ name: 'Bob' });
    await joinByCode(bob.page, code);
    const players = [ann.page, bob.page];
    for (const page of players) {
      await waitUntil(async () => (await attr(page, 'status')) === 'playing', {
        what: 'the game to start',
      });
      assert.match(await page.locator('#room .room-options').textContent(), /3:00 \+ 2s/);
    }
    assert.equal(await attr(ann.page, 'seat'), '0');

    // White (Ann) is to move: her clock runs down on both pages, Bob's stays at 3:00.
    // The pages redraw their clocks in their own time: each is waited for to show less.
    const first = seconds(await clockText(ann.page, 0));
    for (const page of players) {
      await waitUntil(async () => seconds(await clockText(page, 0)) < first, {
        what: `Ann's clock to run down from ${first} s`,
      });
    }
    const [annSees, bobSees] = await Promise.all(players.map((p) => clockText(p, 0)));
    assert.ok(seconds(annSees) > 150, `Ann's clock shows ${annSees}`);
    assert.ok(
      Math.abs(seconds(annSees) - seconds(bobSees)) <= 1,
      `both pages show the same running clock: ${annSees} / ${bobSees}`,
    );
    for (const page of players) assert.equal(await clockText(page, 1), '3:00');
    assert.equal(await ann.page.locator('.player-clock--running').count(), 1);

    // After Ann's move Bob's clock runs and Ann's stops with her increment, the same on both.
    await playOne(players);
    await waitUntil(async () => seconds(await clockText(ann.page, 1)) < 180, {
      what: "Bob's clock to run",
    });
    const annStopped = await clockText(ann.page, 0);
    assert.equal(await clockText(bob.page, 0), annStopped);
    assert.ok(seconds(annStopped) <= 182 && seconds(annStopped) > 150, annStopped);

    // Chat: a player's line (markup in it) reaches the other player as literal text.
    await say(ann.page, '<b>good</b> luck <img src=x onerror="window.hacked=1">');
    await bob.page.locator('.chat-line .chat-text', { hasText: '<b>good</b> luck' }).waitFor();
    assert.equal(await bob.page.locator('.chat-log b, .chat-log img').count(), 0);
    assert.equal(await bob.page.evaluate(() => window.hacked), undefined);
    assert.match(await bob.page.locator('.chat-line').first().textContent(), /player.*Ann/);

    // A spectator's line goes to the spectators' channel only while the game is on: after it
    // was broadcast, Bob's next line reaches Ann, and Cy's has not.
    const cy = await open({ name: 'Cy' });
    await joinByCode(cy.page, code, 'spectator');
    await cy.page.locator('#chat-channel', { hasText: "spectators' channel" }).waitFor();
    await cy.page.locator('.chat-line .chat-text', { hasText: 'good' }).waitFor();
    await say(cy.page, 'go Bob');
    await cy.page.locator('.chat-line--spectators', { hasText: 'go Bob' }).waitFor();
    await say(bob.page, 'thanks');
    await ann.page.locator('.chat-line .chat-text', { hasText: 'thanks' }).waitFor();
    await cy.page.locator('.chat-line .chat-text', { hasText: 'thanks' }).waitFor();
    for (const page of players) assert.ok(!(await chatTexts(page)).includes('go Bob'));
    await screenshot(cy.page, 'room-life-spectator-chat');

    // Bob resigns: the first click only asks for confirmation.
    await bob.page.click('#resign-button');
    await bob.page.locator('#resign-button', { hasText: 'Confirm' }).waitFor();
    assert.equal(await attr(ann.page, 'status'), 'playing');
    await bob.page.click('#resign-button');
    for (const page of [...players, cy.page]) {
      await page.locator('#result-banner', { hasText: 'Bob resigned' }).waitFor();
    }
    assert.match(await ann.page.locator('.result-headline').textContent(), /You win/);
    assert.match(await bob.page.locator('.result-headline').textContent(), /you lose/);
    assert.equal(await ann.page.locator('.player-clock--running').count(), 0);

    // After the end the spectators' channel reaches the players too.
    await say(cy.page, 'well played');
    for (const page of players) {
      await page.locator('.chat-line--spectators', { hasText: 'well played' }).waitFor();
    }

    // Rematch from both: each lands in the new room, Bob now White (seat 0).
    await ann.page.click('#rematch-button');
    await ann.page.locator('.life-offer', { hasText: 'Rematch asked' }).waitFor();
    await bob.page.locator('.life-offer', { hasText: 'Ann want' }).waitFor();
    await screenshot(bob.page, 'room-life-result-rematch');
    await bob.page.click('#rematch-button');
    for (const page of players) {
      await page.click('#rematch-go');
      await waitUntil(
        async () => {
          const room = await attr(page, 'room');
          return room !== code && (await attr(page, 'status')) === 'playing';
        },
        { what: 'the rematch room' },
      );
    }
    const next = await attr(ann.page, 'room');
    assert.equal(await attr(bob.page, 'room'), next);
    assert.equal(await attr(ann.page, 'seat'), '1');
    assert.equal(await attr(bob.page, 'seat'), '0');
    assert.equal(await ann.page.locator('#room-code').textContent(), next);
    assert.match(await ann.page.locator('#room .room-options').textContent(), /3:00 \+ 2s/);

    // A draw offer: Ann sees accept and decline, accepts, both see "draw agreed".
    await playOne(players);
    await bob.page.click('#offer-draw');
    await bob.page.locator('.life-offer', { hasText: 'You offered a draw' }).waitFor();
    await ann.page.locator('.life-offer', { hasText: 'Bob offers a draw' }).waitFor();
    await ann.page.locator('#decline-draw').waitFor();
    await screenshot(ann.page, 'room-life-draw-offer');
    await ann.page.click('#accept-draw');
    for (const page of players) {
      await page.locator('#result-banner', { hasText: 'draw agreed' }).waitFor();
      assert.equal(await page.locator('.result-headline').textContent(), 'Draw');
    }
    await screenshot(ann.page, 'room-life-draw-agreed');
    for (const { problems } of [ann, bob, cy]) assert.deepEqual(problems, []);
  });

  test("a per-move clock shows only the running seat's time", async () => {
    const dee = await open({ name: 'Dee' });
    const code = await createRoom(dee.page, 'kvadratura', { size: 3 }, { clock: '1 day per move' });
    const eve = await open({ name: 'Eve' });
    await joinByCode(eve.page, code);
    for (const page of [dee.page, eve.page]) {
      await waitUntil(async () => (await attr(page, 'status')) === 'playing', {
        what: 'the game to start',
      });
      await page
        .locator('#players [data-seat="0"] .player-clock', { hasText: /^23:59:|^1d 0h$/ })
        .waitFor();
      assert.equal(await page.locator('#players [data-seat="1"] .player-clock').count(), 0);
      assert.doesNotMatch(await page.locator('#players').textContent(), /0:00/);
    }
    await playOne([dee.page, eve.page]);
    await eve.page.locator('#players [data-seat="1"] .player-clock').waitFor();
    assert.equal(await eve.page.locator('#players [data-seat="0"] .player-clock').count(), 0);
    for (const { problems } of [dee, eve]) assert.deepEqual(problems, []);
  });
});

describe('running out of time against the real server', () => {
  test('a 10 s bank clock shows tenths, then the server ends the game on time', async () => {
    // Two players over the WebSocket (the form offers no 10 s clock); a spectator's page watches.
    const { page: driver } = await open();
    await installWsClient(driver);
    const code = await driver.evaluate(async () => {
      const hal = window.wsClient('Hal');
      const ivy = window.wsClient('Ivy');
      window.players = [hal, ivy];
      await Promise.all([hal.ready, ivy.ready]);
      const { room } = await hal.request({
        type: 'create_room',
        game: 'kvadratura',
        options: { size: 3 },
        clock: { type: 'bank', initial_seconds: 10, increment_seconds: 0 },
      });
      await ivy.request({ type: 'join_room', room, as: 'player' });
      return room;
    });
    const viewer = await open({ name: 'Jo' });
    await joinByCode(viewer.page, code, 'spectator');
    const clock = viewer.page.locator('#players [data-seat="0"] .player-clock');
    await clock.locator('xpath=self::*[contains(@class, "player-clock--low")]').waitFor();
    assert.match(await clock.textContent(), /^0:0\d\.\d$/);
    assert.equal(
      await viewer.page.locator('#players [data-seat="1"] .player-clock').textContent(),
      '0:10',
    );
    await viewer.page
      .locator('#result-banner', { hasText: 'Hal ran out of time' })
      .waitFor({ timeout: 40000 });
    assert.match(await viewer.page.locator('.result-headline').textContent(), /Ivy\) wins/);
    assert.equal(await clock.textContent(), '0:00.0');
    assert.equal(await viewer.page.locator('.player-clock--running').count(), 0);
    await screenshot(viewer.page, 'room-life-timeout');
    assert.deepEqual(viewer.problems, []);
  });
});

describe('an abandoned seat against the real server', () => {
  let graceServer;
  before(async () => {
    graceServer = await startServer(['--seat-grace-seconds', '1']);
  });
  after(async () => {
    if (graceServer) await graceServer.stop();
  });

  test("when the opponent's page is gone past the grace period, a claim wins", async () => {
    const fay = await open({ name: 'Fay' }, graceServer);
    const code = await createRoom(fay.page, 'kvadratura', { size: 3 });
    const gus = await open({ name: 'Gus' }, graceServer);
    await joinByCode(gus.page, code);
    await waitUntil(async () => (await attr(fay.page, 'status')) === 'playing', {
      what: 'the game to start',
    });
    assert.equal(await fay.page.locator('#life-buttons button', { hasText: 'Claim' }).count(), 0);
    await gus.context.close();
    await fay.page.locator('#players [data-seat="1"] .conn--offline').waitFor();
    const claim = fay.page.locator('#life-buttons button', { hasText: 'Claim the win (Gus left)' });
    await claim.click();
    await fay.page.locator('#result-banner', { hasText: 'Gus left' }).waitFor();
    assert.match(await fay.page.locator('.result-headline').textContent(), /You win/);
    await screenshot(fay.page, 'room-life-claimed');
    assert.deepEqual(fay.problems, []);
  });
});
