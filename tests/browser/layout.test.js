// The layout faults seen in Chromium (issue #26): at 1366×768 Quadwrangle's plays after a roll
// are on the first screen and clickable without scrolling; no option text of the create form is
// cut inside its select, in English or Russian; on a 390 px phone the top bar is one row, in the
// lobby and in a room; the room page has exactly one h1 (axe's page-has-heading-one passes).
// Real quadra serve, real Chromium.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  axeViolations,
  browserSuite,
  createRoom,
  screenshot,
  seriousViolations,
  version,
  waitUntil,
} from './harness.js';

const suite = browserSuite();

const LANGUAGES = ['en-GB', 'ru-RU'];
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const GAMES = ['quadrature', 'quadwrangle', 'kvadrat', 'kvadratura'];

// The rounded boxes of every visible child of the top bar, and the bar's own height.
async function topBar(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('header.top');
    const visible = (node) => node.getClientRects().length > 0;
    const children = [...bar.children].filter(visible).map((node) => {
      const r = node.getBoundingClientRect();
      return { name: node.className || node.id, top: r.top, bottom: r.bottom };
    });
    // The status cluster wraps its own children: each of them shares the row too.
    const cluster = bar.querySelector('.top-status');
    const inner = cluster
      ? [...cluster.children].filter(visible).map((node) => {
          const r = node.getBoundingClientRect();
          return { name: node.className || node.id, top: r.top, bottom: r.bottom };
        })
      : [];
    return { height: bar.getBoundingClientRect().height, children, inner };
  });
}

function assertOneRow(bar, what) {
  const where = JSON.stringify(bar);
  const boxes = [...bar.children, ...bar.inner];
  const tops = boxes.map((b) => b.top);
  const bottoms = boxes.map((b) => b.bottom);
  // Items of one row overlap vertically: none starts below where another ends.
  assert.ok(Math.max(...tops) < Math.min(...bottoms), `${what}: the top bar is one row: ${where}`);
  const tallest = Math.max(...boxes.map((b) => b.bottom - b.top));
  assert.ok(bar.height <= tallest + 28, `${what}: the top bar is one row high: ${where}`);
}

// In the page: every option of the create form's selects whose text, measured on a canvas in
// the select's font, is wider than the room the select gives it (`game`: named in the finding).
function cutOptions(game) {
  const context = document.createElement('canvas').getContext('2d');
  const found = [];
  const form = document.querySelector('#create-game').closest('form');
  for (const select of form.querySelectorAll('select')) {
    const style = getComputedStyle(select);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const widths = [...select.options].map((option) => context.measureText(option.text).width);
    // The arrow's room is inside the select but not in its computed padding: a copy of the select
    // at its own width (widest option plus arrow) tells it.
    const copy = select.cloneNode(true);
    copy.removeAttribute('id');
    copy.style.cssText = 'position: absolute; visibility: hidden; width: auto; max-width: none';
    select.after(copy);
    const arrow = copy.clientWidth - padding - Math.max(...widths);
    copy.remove();
    // The room the text has: the inner width less the padding and the arrow.
    const room = select.clientWidth - padding - arrow;
    for (const [i, option] of [...select.options].entries()) {
      if (widths[i] > room + 0.5) {
        found.push(`${game} #${select.id}: «${option.text}» ${widths[i]} > ${room}`);
      }
    }
  }
  return found;
}

describe('layout faults seen at 1366×768 and on a phone (issue #26)', () => {
  test('Quadwrangle at 1366×768: after a roll the plays are on the first screen and clickable', async () => {
    const { page, problems } = await suite.open({
      name: 'Ann',
      viewport: DESKTOP,
    });
    await createRoom(page, 'quadwrangle');
    await page.click('#add-bot');
    await page.locator('#players [data-seat="1"] .conn', { hasText: 'computer' }).waitFor();
    await waitUntil(
      async () => (await page.locator('#room').getAttribute('data-to-move')) === '0',
      { what: 'Ann to move' },
    );
    await page.evaluate(() => scrollTo(0, 0));
    // Four sets of five different dice score nothing (docs/rules.md §2), about one roll in
    // sixteen: then all five are thrown again, as a player would, until the dice offer a play.
    const plays = page.locator('.board-button--play:not([disabled])');
    for (let roll = 1; ; roll += 1) {
      const before = await version(page);
      await page.click('.board-controls .board-button--primary', { noWaitAfter: true });
      await waitUntil(async () => (await version(page)) > before, { what: `roll ${roll}` });
      if ((await plays.count()) > 0 || roll === 3) break;
    }
    await plays.first().waitFor();
    await page.evaluate(() => scrollTo(0, 0));
    await screenshot(page, 'layout-quadwrangle-rolled-1366x768');
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('.board-button--play:not([disabled])')].map((b) => {
        const r = b.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const hit = document.elementFromPoint(x, y);
        return {
          top: r.top,
          bottom: r.bottom,
          left: r.left,
          right: r.right,
          hits: Boolean(hit && b.contains(hit)),
        };
      }),
    );
    assert.ok(boxes.length > 0, 'the roll offers a play');
    const first = boxes[0];
    const where = JSON.stringify(first);
    assert.ok(first.top >= 0 && first.bottom <= 768, `the first play is on screen: ${where}`);
    assert.ok(first.left >= 0 && first.right <= 1366, `the first play fits the width: ${where}`);
    assert.ok(first.hits, `nothing covers the first play: ${where}`);
    assert.equal(await page.evaluate(() => scrollY), 0, 'nothing scrolled');
    // A click at scroll 0 makes the play.
    const rolled = await version(page);
    const centre = { x: (first.left + first.right) / 2, y: (first.top + first.bottom) / 2 };
    await page.mouse.click(centre.x, centre.y);
    await waitUntil(async () => (await version(page)) > rolled, { what: 'the play' });
    assert.deepEqual(problems, []);
  });

  for (const locale of LANGUAGES) {
    for (const [size, viewport, device] of [
      ['1366×768', DESKTOP, {}],
      ['390×844 (phone)', PHONE, { hasTouch: true, isMobile: true }],
    ]) {
      test(`${locale} at ${size}: no option text is cut inside a select of the create form, for every game`, async () => {
        const { page, problems } = await suite.open({ viewport, device: { locale, ...device } });
        await page.locator('#create-game option').first().waitFor({ state: 'attached' });
        const cut = [];
        for (const game of GAMES) {
          await page.selectOption('#create-game', game);
          cut.push(...(await page.evaluate(cutOptions, game)));
        }
        if (cut.length) await screenshot(page, `layout-cut-options-${locale}-${viewport.width}`);
        assert.deepEqual(cut, []);
        assert.deepEqual(problems, []);
      });
    }

    test(`${locale} on a 390 px phone: the top bar is one row in the lobby and in a room`, async () => {
      const { page, problems } = await suite.open({
        viewport: PHONE,
        device: { locale, hasTouch: true, isMobile: true },
      });
      assertOneRow(await topBar(page), `${locale} lobby`);
      // The controls the row has no room for are one tap away, and Escape folds them again.
      const toggle = page.locator('#top-menu-toggle');
      await toggle.click();
      for (const id of ['language-select', 'screen-reader-toggle', 'sound-toggle', 'account']) {
        await page.locator(`#${id}`).waitFor({ state: 'visible' });
      }
      await screenshot(page, `layout-phone-menu-${locale}`);
      await page.locator('#sound-toggle').focus();
      await page.keyboard.press('Escape');
      await page.locator('#sound-toggle').waitFor({ state: 'hidden' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'top-menu-toggle');
      await createRoom(page, 'kvadrat');
      await screenshot(page, `layout-phone-room-${locale}`);
      assertOneRow(await topBar(page), `${locale} room`);
      assert.deepEqual(problems, []);
    });
  }

  test('the room page has exactly one h1, and axe finds one', async () => {
    const { page, problems } = await suite.open({ name: 'Ann' });
    await createRoom(page, 'quadrature');
    assert.equal(await page.locator('h1').count(), 1, 'one h1 in the room');
    const h1 = (await page.locator('h1').textContent()).trim();
    assert.ok(h1.length > 0, 'the h1 says something');
    const headings = await axeViolations(page, ['page-has-heading-one', 'heading-order']);
    assert.deepEqual(headings, []);
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(problems, []);
  });
});
