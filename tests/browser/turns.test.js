// "Your turn, everywhere" against the real server (PROTOCOL.md "turns", "my_games"): Ann, an
// account, has two tabs open (one browser context: the same token); Bob, another account, plays
// her in a casual 4×4 Kvadratura room with a day per move. While the game waits for Ann's move,
// both her tabs say so in the title ("(1) Quadra") and in the header's badge ("Your turn: 1"),
// and her lobby's "your games" marks the game with the time left; her move takes it away in
// both tabs at once, Bob's brings it back. A tab opened later takes the count from `my_games`,
// without announcing it; the badge leads from the room to "your games".

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TIMEOUT,
  browserSuite,
  createRoom,
  joinByCode,
  online,
  screenshot,
  seriousViolations,
  waitUntil,
} from './harness.js';
import { signUp } from './account_fixture.js';

const suite = browserSuite();
const attr = (page, name) => page.locator('#room').getAttribute(`data-${name}`);
const cell = (page, name) => page.locator(`#board-host g.board-cell[aria-label^="${name},"]`);
const badge = (page) => page.locator('#turn-badge');
const announced = async (page) => (await page.locator('#turn-announce').textContent()).trim();

// Another tab of `opened`'s browser context (its localStorage, so its token), on the lobby, with
// its console errors and page errors recorded like harness.openPage's.
async function anotherTab({ context }) {
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(`${suite.server.url}/`);
  await online(page);
  return { context, page, problems };
}

// Waits until each of `pages` shows `n` games waiting for the move: "(n) Quadra" and the badge
// "Your turn: n" while n > 0, the plain title and no badge at 0.
async function turnsShown(pages, n) {
  for (const page of pages) {
    await waitUntil(
      async () => {
        const title = await page.title();
        const shown = await badge(page).isVisible();
        if (n === 0) return title === 'Quadra' && !shown;
        return (
          title === `(${n}) Quadra` &&
          shown &&
          (await badge(page).textContent()) === `Your turn: ${n}`
        );
      },
      { what: `${n} game(s) waiting in the title and the badge` },
    );
  }
}

// Waits until the lobby's "your games" in `page` lists room `code`, marked as waiting for the
// move when `marked`; returns its item.
async function yourGame(page, code, marked) {
  const item = page.locator(`#your-running li[data-room="${code}"]`);
  await waitUntil(
    async () =>
      (await item.count()) === 1 &&
      (await item.getAttribute('data-your-turn')) === (marked ? 'true' : null),
    { what: `room ${code} ${marked ? 'marked' : 'unmarked'} in "your games"` },
  );
  return item;
}

// Waits until every page shows the game at snapshot version `v` with seat `toMove` to move.
async function settle(pages, v, toMove) {
  for (const page of pages) {
    await waitUntil(
      async () =>
        Number(await attr(page, 'version')) === v &&
        (await attr(page, 'to-move')) === String(toMove),
      { what: `version ${v} with seat ${toMove} to move` },
    );
  }
}

describe('your turn, everywhere', () => {
  test('every tab of the account shows the games waiting for its move', async () => {
    const device = { locale: 'en-US' };
    const ann = await suite.open({ name: 'Ann', device });
    await signUp(ann.page, 'Ann');
    const lobbyTab = await anotherTab(ann);
    await lobbyTab.page.locator('#account-user', { hasText: 'Ann' }).waitFor();
    const bob = await suite.open({ name: 'Bob', device });
    await signUp(bob.page, 'Bob');
    const annTabs = [ann.page, lobbyTab.page];
    await turnsShown([...annTabs, bob.page], 0);

    // Ann creates the room (seat 0, to move first); Bob joins: the game starts on Ann's move.
    const code = await createRoom(ann.page, 'kvadratura', { size: 4 }, { clock: '1 day per move' });
    await joinByCode(bob.page, code);
    await settle([ann.page, bob.page], 0, 0);
    assert.equal(await attr(ann.page, 'seat'), '0');
    await turnsShown(annTabs, 1);
    await turnsShown([bob.page], 0);
    assert.equal(
      await badge(lobbyTab.page).getAttribute('aria-label'),
      'Your turn: 1 — 1 game waits for your move. Show your games',
    );
    assert.equal(await badge(lobbyTab.page).getAttribute('href'), '/#your-games');
    // The count rose: said in the polite live region of each tab.
    for (const page of annTabs) assert.equal(await announced(page), 'Your turn in 1 game.');

    // The tab on the lobby: the game is marked, with its clock's time left.
    const item = await yourGame(lobbyTab.page, code, true);
    assert.equal(await item.locator('.pill--your-turn').textContent(), 'Your turn');
    assert.match(await item.locator('.your-turn-left').textContent(), /^(24 h|23 h 59 min) left$/);
    assert.equal(
      await item.locator('button').getAttribute('aria-label'),
      `Resume Kvadratura in room ${code}: your turn`,
    );
    await screenshot(lobbyTab.page, 'turns-lobby-your-turn');
    assert.deepEqual(await seriousViolations(lobbyTab.page), []);
    await screenshot(ann.page, 'turns-room-your-turn');

    // Ann moves in one tab: neither tab counts the game any more; Bob's does. The other tab's
    // list is drawn again, its focus kept on the game's Resume.
    await item.locator('button').focus();
    await cell(ann.page, 'a1').click();
    await settle([ann.page, bob.page], 1, 1);
    await turnsShown(annTabs, 0);
    await turnsShown([bob.page], 1);
    for (const page of annTabs) assert.equal(await announced(page), '', 'a fall is not said');
    const unmarked = await yourGame(lobbyTab.page, code, false);
    assert.equal(await unmarked.locator('.your-turn').count(), 0);
    assert.equal(
      await lobbyTab.page.evaluate(
        () => document.activeElement?.closest('li[data-room]')?.dataset.room,
      ),
      code,
      'the focus stays on the game redrawn',
    );

    // Bob moves: Ann's tabs count it again, and say so.
    await cell(bob.page, 'd4').click();
    await settle([ann.page, bob.page], 2, 0);
    await turnsShown(annTabs, 1);
    await turnsShown([bob.page], 0);
    for (const page of annTabs) assert.equal(await announced(page), 'Your turn in 1 game.');
    await yourGame(lobbyTab.page, code, true);

    // A tab opened now takes the count from `my_games`, and does not announce it.
    const lateTab = await anotherTab(ann);
    await turnsShown([lateTab.page], 1);
    assert.equal(await announced(lateTab.page), '');

    // From the room, the badge leads to "your games" (the seat is kept), its heading focused.
    await badge(ann.page).click();
    await ann.page.locator('#lobby').waitFor();
    assert.equal(await ann.page.locator('#room').isVisible(), false);
    await waitUntil(
      async () =>
        (await ann.page.evaluate(() => document.activeElement?.id)) === 'your-games-title',
      { what: 'the focus on "your games"' },
    );
    await yourGame(ann.page, code, true);
    await turnsShown([ann.page], 1);

    for (const { problems } of [ann, lobbyTab, lateTab, bob]) assert.deepEqual(problems, []);
  });
});
