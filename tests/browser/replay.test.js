// The replay viewer and "verify dice" (PROTOCOL.md "Fair dice", GET /api/games/{id} and
// /position) against the real server: the browser's derivation reproduces the documented known
// answer and re-roll example; a Quadwrangle game played through the real server's WebSocket (two
// identities driven from a page) and resigned is opened in the app, stepped through, and its
// real seed verified; the same real record with one die changed fails at that move.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { joinByCode, waitUntil, screenshot, installWsClient, browserSuite } from './harness.js';

const suite = browserSuite();
const open = (options, through) => suite.open(options, through);

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const COMMITMENT = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
const GAME_ID = '3f9a1c0e5b7d2468';

// Plays Quadwrangle through the server's WebSocket from inside `page`: Ada creates the room, Ben
// joins, the side to move sends "reroll 2 3 5" when it is legal and otherwise the first legal
// request, until `plies` tokens are recorded; then Ada resigns. Resolves with the room code and
// the finished snapshot's game id and seed.
async function playQuadwrangle(page, plies) {
  await installWsClient(page);
  return page.evaluate(
    async ([count]) => {
      const client = window.wsClient;
      const ada = client('Ada');
      const ben = client('Ben');
      await Promise.all([ada.ready, ben.ready]);
      const room = (await ada.request({ type: 'create_room', game: 'quadwrangle', public: false }))
        .room;
      const started = ada.wait((m) => m.type === 'snapshot' && m.status === 'playing');
      await ben.request({ type: 'join_room', room, as: 'player' });
      let snap = await started;
      const players = [ada, ben];
      while (snap.version < count) {
        const legal = snap.state.legal;
        const move = legal.includes('reroll 2 3 5') ? 'reroll 2 3 5' : legal[0];
        const v = snap.version;
        const next = ada.wait((m) => m.type === 'snapshot' && m.version > v);
        await players[snap.state.to_move].request({ type: 'move', room, move, version: v });
        snap = await next;
      }
      const over = ada.wait((m) => m.type === 'snapshot' && m.status === 'finished');
      await ada.request({ type: 'resign', room });
      snap = await over;
      ada.ws.close();
      ben.ws.close();
      return { room, gameId: snap.game_id, seed: snap.seed, version: snap.version };
    },
    [plies],
  );
}

async function record(gameId) {
  const response = await fetch(`${suite.server.url}/api/games/${gameId}`);
  assert.equal(response.status, 200);
  return response.json();
}

describe('replay and dice verification against the real server', () => {
  test('the browser reproduces the documented known answer and re-roll example', async () => {
    const { page, problems } = await open();
    const outcome = await page.evaluate(
      async ([seed, commitment, id]) => {
        const { seedKey, deriveDie, sha256Hex, verifyDice } = await import('/replay/dice.js');
        const key = await seedKey(seed);
        const roll = async (index, count) => {
          const out = [];
          for (let die = 0; die < count; ++die) out.push(await deriveDie(key, id, index, die));
          return out.join(' ');
        };
        const bytes = new Uint8Array(seed.match(/../g).map((h) => parseInt(h, 16)));
        const check = (moves) => verifyDice({ id, moves, commitment, seed });
        return {
          derived: [await sha256Hex(bytes), await roll(0, 5), await roll(1, 5), await roll(7, 3)],
          example: await check(['roll=55513', 'reroll 2 3 5=51612']),
          rerolled: await check(['roll=55513', 'reroll 2 3 5=51613']),
          kept: await check(['roll=55513', 'reroll 2 3 5=41612']),
          first: await check(['roll=55514', 'reroll 2 3 5=51612']),
          badSeed: await verifyDice({
            id,
            moves: ['roll=55513'],
            commitment,
            seed: seed.replace(/^00/, '01'),
          }),
        };
      },
      [SEED, COMMITMENT, GAME_ID],
    );
    assert.deepEqual(outcome.derived, [COMMITMENT, '5 5 5 1 3', '1 6 2 2 6', '6 5 3']);
    assert.deepEqual(outcome.example, { ok: true, rolls: 2, dice: 8 });
    assert.deepEqual(outcome.rerolled, {
      ok: false,
      ply: 2,
      move: 'reroll 2 3 5=51613',
      reason: 'die 5 is 3, the seed gives 2',
    });
    assert.deepEqual(outcome.kept, {
      ok: false,
      ply: 2,
      move: 'reroll 2 3 5=41612',
      reason: 'kept die 1 is 4, the previous roll left 5',
    });
    assert.deepEqual(outcome.first, {
      ok: false,
      ply: 1,
      move: 'roll=55514',
      reason: 'die 5 is 4, the seed gives 3',
    });
    assert.equal(outcome.badSeed.ok, false);
    assert.equal(outcome.badSeed.ply, 0);
    assert.deepEqual(problems, []);
  });

  test('a real Quadwrangle game: the replay steps through it and verify dice confirms it', async () => {
    const { page: driver } = await open();
    const game = await playQuadwrangle(driver, 10);
    assert.match(game.gameId, /^[0-9a-f]{16}$/);
    assert.match(game.seed, /^[0-9a-f]{64}$/);
    const real = await record(game.gameId);
    assert.equal(real.seed, game.seed);
    assert.equal(real.moves.length, game.version);
    assert.ok(
      real.moves.some((m) => m.startsWith('reroll 2 3 5=')),
      real.moves.join(', '),
    );
    const plies = real.moves.length;

    // A visitor opens the finished room by its code and replays it.
    const { page, problems } = await open({ name: 'Cy' });
    await joinByCode(page, game.room, 'spectator');
    await page.locator('#result-banner', { hasText: 'Ada resigned' }).waitFor();
    await page.click('#replay-button');
    const ply = () => page.locator('#replay-host').getAttribute('data-replay-ply');
    await waitUntil(async () => (await ply()) === String(plies), { what: 'the final position' });
    await page.locator('#replay-ply', { hasText: `move ${plies} of ${plies}` }).waitFor();
    await page.keyboard.press('Home');
    await waitUntil(async () => (await ply()) === '0', { what: 'the first position' });
    // After step 1 the board shows the five dice of the first roll.
    await page.click('button[aria-label="Next move"]');
    await waitUntil(async () => (await ply()) === '1');
    const first = real.moves[0].split('=')[1];
    await waitUntil(
      async () => {
        const labels = await page
          .locator('.replay .board-die')
          .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
        return labels.map((l) => (l.match(/: (\d)/) || [])[1]).join('') === first;
      },
      { what: `the dice ${first}` },
    );
    const reroll = real.moves.findIndex((m) => m.startsWith('reroll 2 3 5='));
    await page.click(`.replay-move[data-ply="${reroll + 1}"]`);
    await waitUntil(async () => (await ply()) === String(reroll + 1));
    await page.locator('#dice-commitment', { hasText: real.commitment }).waitFor();
    await page.locator('#dice-seed', { hasText: real.seed }).waitFor();
    await page.click('#verify-dice');
    await page.locator('#dice-verdict', { hasText: 'Fair' }).waitFor();
    const rolls = real.moves.filter((m) => m.includes('=')).length;
    assert.match(
      await page.locator('#dice-verdict').textContent(),
      new RegExp(`of ${rolls} rolls`),
    );
    await screenshot(page, 'replay-verified');

    // The same real record with the last re-rolled die changed fails at that move.
    const [request, rolled] = real.moves[reroll].split('=');
    const changed = rolled.slice(0, 4) + String((Number(rolled[4]) % 6) + 1);
    const forged = {
      ...real,
      moves: real.moves.map((m, i) => (i === reroll ? `${request}=${changed}` : m)),
    };
    await page
      .context()
      .route(`**/api/games/${game.gameId}`, (route) => route.fulfill({ json: forged }));
    await page.click('#replay-close');
    await page.locator('.replay').waitFor({ state: 'detached' });
    await page.click('#replay-button');
    await page.click('#verify-dice');
    await page
      .locator('#dice-verdict', { hasText: `Not verified at move ${reroll + 1}` })
      .waitFor();
    assert.match(
      await page.locator('#dice-verdict').textContent(),
      new RegExp(`die 5 is ${changed[4]}, the seed gives ${rolled[4]}`),
    );
    await screenshot(page, 'replay-forged');
    assert.deepEqual(problems, []);
  });
});
