// The replay viewer and "verify dice" (PROTOCOL.md "Fair dice", GET /api/games/{id} and
// /position): the dice derivation in the browser against the documented known answer, and the
// viewer stepping through a Quadwrangle record whose dice come from a seed. The game API is
// answered in the page (Playwright routes) with the record and with the positions the real
// `quadra rules` prints, exactly the shapes the server documents.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { startServer, launchBrowser, QUADRA, TIMEOUT, waitUntil, screenshot } from './harness.js';

let server;
let browser;
let context;

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const GAME_ID = '3f9a1c0e5b7d2468';

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (context) await context.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

function rules(game, moves) {
  const run = spawnSync(QUADRA, ['rules'], { input: JSON.stringify({ game, moves }),
    encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr + run.stdout);
  return JSON.parse(run.stdout);
}

// The dice of the token at `index`, derived in node exactly as PROTOCOL.md says.
function dice(index, count) {
  let out = '';
  for (let die = 0; die < count; ++die) {
    for (let n = 0; ; ++n) {
      const mac = createHmac('sha256', Buffer.from(SEED, 'hex'))
        .update(`${GAME_ID}:${index}:${die}${n ? `:${n}` : ''}`).digest();
      const byte = mac.find((b) => b < 252);
      if (byte !== undefined) {
        out += String((byte % 6) + 1);
        break;
      }
    }
  }
  return out;
}

// A Quadwrangle record of `plies` tokens: always the first legal request, dice from the seed.
function quadwrangleRecord(plies) {
  const moves = [];
  for (let i = 0; i < plies; ++i) {
    const request = rules('quadwrangle', moves).legal[0];
    if (request === 'roll') moves.push(`roll=${dice(i, 5)}`);
    else if (request.startsWith('reroll')) {
      moves.push(`${request}=${dice(i, request.split(' ').length - 1)}`);
    } else moves.push(request);
  }
  return {
    id: GAME_ID, room: 'DICE01', game: 'quadwrangle', options: {}, moves,
    players: ['Ada', 'Ben'], move_times: moves.map(() => 0),
    result: { winners: [0], reason: 'Ben resigned', by: 'resign' },
    created_at: 0, finished_at: 1, seed: SEED,
    commitment: createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'),
  };
}

// A page showing a finished room (with a game id) whose game API serves `record`.
async function finishedRoom(record, original = record) {
  if (context) await context.close();
  context = await browser.newContext({ viewport: { width: 1200, height: 950 } });
  const api = `/api/games/${GAME_ID}`;
  await context.route((url) => url.pathname.startsWith('/api/'), (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === api) return route.fulfill({ json: record });
    if (url.pathname === `${api}/position`) {
      const ply = Number(url.searchParams.get('ply'));
      return route.fulfill({ json: rules(original.game, original.moves.slice(0, ply)) });
    }
    return route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'no' } } });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(`${server.url}/style.css`);
  const final = rules(original.game, original.moves);
  await page.evaluate(async ([state, rec]) => {
    document.documentElement.innerHTML = '<head><link rel="stylesheet" href="/style.css">' +
      '<link rel="stylesheet" href="/boards/boards.css"></head>' +
      '<body><main><div id="room"></div></main><div id="toasts"></div></body>';
    const { createRoomView } = await import('/room.js');
    const nothing = () => Promise.resolve();
    window.view = createRoomView(document.getElementById('room'), {
      move: nothing, leave: nothing, takeSeat: nothing, addBot: nothing, send: nothing,
      goto: nothing,
    }, () => 'Quadwrangle');
    window.view.update({
      type: 'snapshot', room: rec.room, version: rec.moves.length, status: 'finished',
      seats: [{ name: 'Ada', connected: true }, { name: 'Ben', connected: true }], spectators: 0,
      last_move: rec.moves.at(-1), forced_passes: 0, state, result: rec.result,
      game_id: rec.id, commitment: rec.commitment, seed: rec.seed,
    }, { as: 'player', seat: 0 });
  }, [final, record]);
  return { page, problems };
}

describe('replay and dice verification', () => {
  test('the browser derives the documented known-answer dice with Web Crypto', async () => {
    const { page, problems } = await finishedRoom(quadwrangleRecord(2));
    const derived = await page.evaluate(async ([seed, id]) => {
      const { seedKey, deriveDie, sha256Hex } = await import('/dice.js');
      const key = await seedKey(seed);
      const roll = async (index, count) => {
        const out = [];
        for (let die = 0; die < count; ++die) out.push(await deriveDie(key, id, index, die));
        return out.join(' ');
      };
      const bytes = new Uint8Array(seed.match(/../g).map((h) => parseInt(h, 16)));
      return [await sha256Hex(bytes), await roll(0, 5), await roll(1, 5), await roll(7, 3)];
    }, [SEED, GAME_ID]);
    assert.deepEqual(derived, [
      '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
      '5 5 5 1 3', '1 6 2 2 6', '6 5 3']);
    assert.deepEqual(problems, []);
  });

  test('the replay steps through the record and verify dice confirms a fair game', async () => {
    const record = quadwrangleRecord(8);
    assert.ok(record.moves.filter((m) => m.includes('=')).length >= 2, record.moves.join(', '));
    const { page, problems } = await finishedRoom(record);
    await page.click('#replay-button');
    const ply = () => page.locator('#replay-host').getAttribute('data-replay-ply');
    await waitUntil(async () => (await ply()) === '8', { what: 'the final position' })
      .catch((error) => { throw new Error(`${error.message}: ${problems.join('; ')}`); });
    await page.locator('#replay-ply', { hasText: 'move 8 of 8' }).waitFor();
    await page.keyboard.press('Home');
    await waitUntil(async () => (await ply()) === '0', { what: 'the first position' });
    // Before the first roll no die is shown; after step 1 the five dice of the record are.
    await page.click('button[aria-label="Next move"]');
    await waitUntil(async () => (await ply()) === '1');
    const first = record.moves[0].split('=')[1];
    const labels = await page.locator('.replay .board-die').evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute('aria-label')));
    assert.deepEqual(labels.map((l) => l.match(/: (\d)/)[1]).join(''), first);
    await page.click(`.replay-move[data-ply="5"]`);
    await waitUntil(async () => (await ply()) === '5');
    await page.locator('#dice-commitment', { hasText: record.commitment }).waitFor();
    await page.click('#verify-dice');
    await page.locator('#dice-verdict', { hasText: 'Fair' }).waitFor();
    await screenshot(page, 'replay-verified');
    await page.click('#replay-close');
    await page.locator('.replay').waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
  });

  test('verify dice names the first die that the seed does not give', async () => {
    const original = quadwrangleRecord(8);
    const record = { ...original, moves: [...original.moves] };
    const index = record.moves.findIndex((m, i) => i > 0 && m.includes('='));
    const [request, rolled] = record.moves[index].split('=');
    const changed = rolled.slice(0, -1) + String((Number(rolled.at(-1)) % 6) + 1);
    record.moves[index] = `${request}=${changed}`;
    const { page, problems } = await finishedRoom(record, original);
    await page.click('#replay-button');
    await page.click('#verify-dice');
    await page.locator('#dice-verdict', { hasText: `Not verified at move ${index + 1}` }).waitFor();
    assert.match(await page.locator('#dice-verdict').textContent(),
      new RegExp(`die ${rolled.length} is ${changed.at(-1)}, the seed gives ${rolled.at(-1)}`));
    // A seed that does not hash to the commitment fails before any die.
    await page.click('#replay-close');
    assert.deepEqual(problems, []);
  });
});
