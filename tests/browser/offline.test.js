// Playing the computer with the network off (issue 27 point 5), against the real server and the
// rules compiled to WebAssembly: the lobby's first load installs the offline worker, which keeps
// the client's files; with the browser context set offline and the page's server cut for real
// (a relay refusing every connection: Chromium's offline mode does not reach a service worker's
// own fetches), the reloaded lobby still offers
// Play the computer, a Kvadratura 3 x 3 game at level easy is played to its end (the player's
// moves chosen from the legal list the native `quadra rules` gives), its result is shown, its
// Analyse link opens the analysis board at the final position, and another game's analysis board
// opens too; the server's API is never answered from the copy. Online, the lobby's one button
// starts a game as it is; the page fits a laptop and a phone, and axe finds nothing serious.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  QUADRA,
  browserSuite,
  screenshot,
  seriousViolations,
  startRelay,
  waitUntil,
} from './harness.js';

const suite = browserSuite();
const withWorker = { device: { serviceWorkers: 'allow' } };

// The native rules' state at notation `position`.
function nativeState(position) {
  return JSON.parse(execFileSync(QUADRA, ['rules', '--from', position], { encoding: 'utf8' }));
}

// The play page's position, status and how many cells the player may click.
function shown(page) {
  return page.evaluate(() => {
    const host = document.getElementById('local');
    return {
      position: host.dataset.position,
      status: host.dataset.status,
      active: document.querySelectorAll('.board-cell--active').length,
    };
  });
}

// Plays the game on the play page to its end: on each of the player's turns the first legal
// cell of the native rules. Resolves with the final position.
async function playToTheEnd(page) {
  let before = null;
  for (;;) {
    let now = null;
    await waitUntil(
      async () => {
        now = await shown(page);
        return now.position !== before && (now.status === 'finished' || now.active > 0);
      },
      { what: 'the player’s turn or the end' },
    );
    if (now.status === 'finished') return now.position;
    const state = nativeState(now.position);
    assert.equal(state.status, 'ongoing');
    before = now.position;
    await page.click(`.board-cell--active[aria-label^="${state.legal[0]},"]`);
  }
}

// Chooses Kvadratura 3 x 3 at level easy, moving first, in the lobby's form and starts it.
async function startKvadratura3(page) {
  await page.selectOption('#computer-game', 'kvadratura');
  await page.selectOption('#computer-opt-size', '3');
  await page.selectOption('#computer-level', 'easy');
  await page.selectOption('#computer-side', 'first');
  await page.click('#computer-button');
  await page.waitForURL(/\/play\/kvadratura\?/);
}

describe('play the computer offline', () => {
  test('with the network off, a game is played to its result and analysed', async () => {
    const relay = await startRelay(suite.server);
    const { context, page, problems } = await suite.open(withWorker, relay);
    await waitUntil(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
      what: 'the offline worker controls the page',
    });
    await context.setOffline(true);
    relay.refusing = true;
    relay.drop();
    await page.reload();
    await page.locator('#computer-button').waitFor();
    // The connection is down, and the API is not answered from the copy.
    await page.locator('#connection-status:not([data-state="online"])').waitFor();
    const api = await page.evaluate(() =>
      fetch('/healthz').then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    );
    assert.equal(api, 'failed');

    await startKvadratura3(page);
    const start = new URL(page.url()).searchParams.get('p');
    assert.equal(start, 'kvadratura:l:3/3/3');
    const end = await playToTheEnd(page);
    const native = nativeState(end);
    assert.equal(native.status, 'finished');
    const banner = page.locator('#result-banner');
    await banner.waitFor();
    const headline = await banner.locator('.result-headline').textContent();
    // The computer's seed is random, so the game may end either way, or full without a square.
    const winners = native.result.winners;
    const reason = await banner.locator('.result-reason').textContent();
    if (native.result.draw) {
      assert.equal(headline, 'Draw');
      assert.match(reason, /board full without a one-colour square/i);
    } else {
      assert.equal(headline, winners.includes(0) ? 'You win' : 'Black wins — you lose');
      assert.equal(
        reason,
        winners.includes(0) ? 'Black completed a square' : 'White completed a square',
      );
    }
    assert.ok((await page.locator('#local-moves li').count()) >= 5);
    await screenshot(page, 'offline-kvadratura-finished');

    await page.click('#local-analyse');
    await page.waitForURL(/\/analysis\/kvadratura\?p=/);
    await waitUntil(
      async () => (await page.locator('#analysis').getAttribute('data-position')) === end,
      { what: 'the analysis board at the final position' },
    );
    await page.goto(new URL('/analysis/quadwrangle', page.url()).href);
    await waitUntil(
      async () =>
        (await page.locator('#analysis').getAttribute('data-position')) ===
        'quadwrangle:4:3:000000000:1:0:-',
      { what: 'the Quadwrangle analysis board offline' },
    );
    await context.setOffline(false);
    relay.refusing = false;
    await relay.close();
    // Failed loads (the WebSocket, /healthz) are console errors of their own; nothing threw.
    assert.deepEqual(
      problems.filter((p) => !p.startsWith('console error')),
      [],
    );
  });

  test('online, the lobby’s one button starts a game against the computer', async () => {
    const { page, problems } = await suite.open({ viewport: { width: 1366, height: 768 } });
    const button = page.locator('#computer-button');
    await button.waitFor();
    await screenshot(page, 'offline-lobby-1366');
    const box = await button.boundingBox();
    assert.ok(box.y + box.height <= 768, `Play the computer on the first screen (${box.y})`);
    await button.click();
    await page.waitForURL(/\/play\/[a-z]+\?p=.*&level=easy&seat=0$/);
    await page.locator('#local-status').waitFor();
    await waitUntil(async () => (await shown(page)).active > 0, { what: 'the player’s turn' });
    assert.deepEqual(await seriousViolations(page), []);
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, `no sideways scroll at ${viewport.width}`);
      await screenshot(page, `offline-play-${viewport.width}`);
    }
    assert.deepEqual(problems, []);
  });

  test('in Russian: the lobby’s form and the game page', async () => {
    const { page, problems } = await suite.open({ device: { locale: 'ru-RU' } });
    await page.locator('#computer-button').waitFor();
    assert.equal(await page.locator('#computer-title').textContent(), 'Играть с компьютером');
    assert.equal(await page.locator('#computer-button').textContent(), 'Играть с компьютером');
    await page.selectOption('#computer-game', 'quadwrangle');
    await page.selectOption('#computer-side', 'second');
    await page.click('#computer-button');
    await page.waitForURL(/\/play\/quadwrangle\?p=.*&level=easy&seat=1$/);
    assert.match(await page.locator('h1').textContent(), / против компьютера$/);
    // Quadwrangle's computer moves first (its roll, then its play or re-rolls), then it is the
    // player's turn.
    await waitUntil(
      async () =>
        (await page.locator('#local-status').textContent()).includes('Ваш ход') &&
        (await page.locator('#local-moves li').count()) >= 1,
      { what: 'the computer’s turn played, then the player’s' },
    );
    assert.deepEqual(problems, []);
  });
});
