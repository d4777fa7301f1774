// Shared pieces of the browser tests on accounts and moderation (#31): one browser for a test
// file with servers its tests start (on a SQLite data directory of their own where the operator's
// CLI must reach the same accounts), pages in English whatever the machine's locale, the
// operator's `quadra admin`, and the account and chat steps those tests take again and again.
// The generic pieces (servers, pages, waits, axe) are in harness.js.

import { after, before } from 'node:test';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { QUADRA, launchBrowser, online, openPage, startServer, waitUntil } from './harness.js';

// How long to wait for an answer that waits for Argon2id (slow on a loaded machine).
export const SLOW = 90000;

// The password of every account the tests sign up.
export const PASSWORD = 'correct horse battery';

// One browser for the test file, launched before its tests; after them every page opened on it,
// the browser, every server started through `startServer` and every `temporaryDir` go.
export function browserWithOwnServers() {
  const suite = {
    browser: null,
    servers: [],
    pages: [],
    dirs: [],
    // A fresh temporary directory named from `prefix`, removed after the tests.
    temporaryDir(prefix) {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      suite.dirs.push(dir);
      return dir;
    },
    // Starts a `quadra serve` of its own (`extra`: more arguments); resolves with it and with
    // `open(options)`, which opens a page on it (harness.openPage's options) in English.
    async startServer(extra = []) {
      const server = await startServer(extra);
      suite.servers.push(server);
      return {
        server,
        async open(options = {}) {
          const opened = await openPage(suite.browser, server, {
            device: { locale: 'en-US' },
            ...options,
          });
          suite.pages.push(opened);
          return opened;
        },
      };
    },
  };
  before(async () => {
    suite.browser = await launchBrowser();
  });
  after(async () => {
    for (const { context } of suite.pages) await context.close().catch(() => {});
    if (suite.browser) await suite.browser.close();
    for (const server of suite.servers) await server.stop();
    for (const dir of suite.dirs) rmSync(dir, { recursive: true, force: true });
  });
  return suite;
}

// One server for the whole test file on a SQLite data directory named from `prefix`, which the
// CLI writes to as well, and one browser; both started before the tests. Once they are:
// `server`, `data` (the directory), `pages` (every page opened, in order); at any time
// `open(options)` (a page in English on the server), `admin(...args)` and `signedUp(...names)`.
export function serverOnDataDir(prefix) {
  const suite = browserWithOwnServers();
  let started = null;
  const site = {
    server: null,
    data: null,
    pages: suite.pages,
    open: (options = {}) => started.open(options),
    // Runs `quadra admin …` on the server's data directory, as the operator would, while the
    // server runs; resolves with its { stdout, stderr }.
    admin: (...args) => quadraAdmin(site.data, ...args),
    // Opens a page for each of `names`, named after it, then signs each up as that account in
    // turn: each display name is its account's, so that chat lines carry it.
    async signedUp(...names) {
      const opened = [];
      for (const name of names) opened.push(await site.open({ name }));
      for (const [i, name] of names.entries()) await signUp(opened[i].page, name);
      return opened;
    },
  };
  before(async () => {
    site.data = suite.temporaryDir(prefix);
    started = await suite.startServer(['--data-dir', site.data]);
    site.server = started.server;
  });
  return site;
}

// Runs `quadra admin … --data <data>` without the tests' QUADRA_* variables (the CLI would read
// them as settings); resolves with its { stdout, stderr }.
export async function quadraAdmin(data, ...args) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('QUADRA_')),
  );
  return promisify(execFile)(QUADRA, ['admin', ...args, '--data', data], { env });
}

// Opens the account form with `button` (#sign-up or #sign-in), fills it for `name` with PASSWORD
// and sends it; the fields found by their ids, or by their labels (User name, Password) when
// `byLabel`.
export async function fillAccountForm(page, button, name, { byLabel = false } = {}) {
  await page.click(button);
  if (byLabel) {
    await page.getByLabel('User name').fill(name);
    await page.getByLabel('Password').fill(PASSWORD);
  } else {
    await page.fill('#account-name', name);
    await page.fill('#account-password', PASSWORD);
  }
  await page.click('#account-submit');
}

// Signs the page up as `name` (fillAccountForm's `byLabel`) and waits until the header shows it.
export async function signUp(page, name, { byLabel = false } = {}) {
  await fillAccountForm(page, '#sign-up', name, { byLabel });
  await page.locator('#account-user', { hasText: name }).waitFor({ timeout: SLOW });
}

// Reloads the page, signed in as `name`, until its welcome carries a role that shows the header's
// Moderation link: a role granted by the CLI applies within about a second.
export async function reloadUntilModerator(page, name) {
  await waitUntil(
    async () => {
      await page.reload();
      await online(page);
      await page.locator('#account-user', { hasText: name }).waitFor();
      return page.locator('#moderation-link').isVisible();
    },
    { what: 'the Moderation link after the grant' },
  );
}

// Sends a chat line in the room on screen and waits until it is sent.
export async function chat(page, line) {
  await page.fill('#chat-input', line);
  await page.press('#chat-input', 'Enter');
  await waitUntil(async () => (await page.inputValue('#chat-input')) === '', {
    what: 'the chat line to be sent',
  });
}

// The locator's text content, trimmed.
export const text = async (locator) => (await locator.textContent()).trim();

// The id of the element that has the focus ('' if it has none).
export const focused = (page) => page.evaluate(() => document.activeElement?.id || '');

// The audit log's newest entry on /mod: its action (data-action) and, for each key of `cells`,
// the trimmed text of the row's cell of class `mod-<cells[key]>`; with `links`, also how many
// links its target cell has (under `links`).
export async function newestLogEntry(page, cells, { links = false } = {}) {
  const row = page.locator('#mod-log-table tbody tr').first();
  const entry = { action: await row.getAttribute('data-action') };
  for (const [key, cell] of Object.entries(cells)) {
    entry[key] = await text(row.locator(`.mod-${cell}`));
  }
  if (links) entry.links = await row.locator('.mod-target a').count();
  return entry;
}
