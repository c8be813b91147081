// Notices never cover a control (issue 51): with a notice up, every button, field and fold of
// each screen — the app shell's (home, settings, the new-game dialog with its folded part, a
// game, its counting and its result) and 学下棋's (its page, a lesson, a problem, the
// teacher's board, the class report, 我的棋册, 复盘) — is hit at its centre once scrolled to as
// the keyboard scrolls to it, at 1366×610, 1366×768 and 390×844: the element there must be the
// control or inside it. (A notice that floated in the corner sat on the dialog's 开始.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, point, SHOTS } from './harness.mjs';

const app = useApp();

/** The controls of the page (or under `root`) that no notice may cover, each hit-tested at its
 * centre after `scrollIntoView({ block: 'nearest' })`: a list of those whose centre is under
 * something else, with what is there. Controls not drawn (folded, hidden, 1-pixel file inputs
 * behind their label, controls kept out of sight for screen readers or scripts) are left out. */
async function covered(page, root = 'body') {
  return page.evaluate(async (root) => {
    const name = (e) => e ? `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : ''} “${(e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 24)}”` : 'nothing';
    const controls = [...document.querySelector(root).querySelectorAll('button, summary, .button-like, input, select, textarea')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        const s = getComputedStyle(e);
        return r.width > 2 && r.height > 2 && s.visibility !== 'hidden' && s.opacity !== '0' && e.getClientRects().length > 0
          && !e.closest('[aria-hidden="true"], .sr-only');
      });
    const out = [];
    for (const c of controls) {
      c.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      await new Promise((r) => requestAnimationFrame(() => r()));
      const r = c.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      // A label styled as a button holds its (1-pixel) file input: either is the control.
      if (!hit || !(hit === c || c.contains(hit) || hit.contains(c) && hit.matches('label'))) out.push(`${name(c)} under ${name(hit)}`);
    }
    window.scrollTo(0, 0);
    return out;
  }, root);
}

/** The shell's notice as a pupil meets it (the one that sat on 开始): 小明 played a game and
 * went home without saving his 棋册, and is reminded to save it. */
async function bookReminder(page) {
  await page.click('#learn');
  await page.waitForSelector('#course');
  await page.click('#learn-close');
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  await page.click(point('E5'));
  await page.click('.brand');
  await page.waitForSelector('.toasts .notice');
  assert.match(await page.textContent('.toasts .notice'), /记得保存你的棋册/);
}

for (const [w, h] of [[1366, 610], [1366, 768], [390, 844]]) {
  const size = `${w}x${h}`;

  test(`the app shell at ${w}×${h}: no notice covers a control of any screen`, async () => {
    const page = await newPage(app.browser, { viewport: { width: w, height: h }, askName: true });
    await page.addInitScript(() => {
      if (localStorage.getItem('shoutan.pupil') === null) localStorage.setItem('shoutan.pupil', '小明\n');
    });
    await page.goto(app.srv.url);
    await page.waitForSelector('#new-game');
    await bookReminder(page);
    const notice = page.locator('body > .toasts .notice');
    assert.ok(await notice.isVisible(), 'the notice is up');
    assert.deepEqual(await covered(page), [], 'home');
    // The settings menu over home: its own buttons and the bar's.
    await page.click('#settings-toggle');
    assert.deepEqual(await covered(page, '#settings'), [], 'the settings menu');
    assert.deepEqual(await covered(page, '.topbar'), [], 'the bar under the menu');
    await page.keyboard.press('Escape');
    // The new-game dialog, its folded part open: 开始 above all (the notice sat on it).
    await page.click('#new-game');
    await page.waitForSelector('#start-game');
    await page.click('details.more > summary');
    assert.ok(await notice.isVisible(), 'the notice is still up');
    const start = await page.locator('#start-game').boundingBox();
    const box = await notice.boundingBox();
    assert.ok(box.y + box.height <= start.y || box.y >= start.y + start.height || box.x >= start.x + start.width || box.x + box.width <= start.x,
      `the notice ${JSON.stringify(box)} is not on 开始 ${JSON.stringify(start)}`);
    assert.deepEqual(await covered(page), [], 'the new-game dialog');
    // The notice at the top, 开始 in its bar at the bottom: both in sight, neither on the other.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/notice-new-game-${size}.png` });
    // A game, its counting and its result.
    await page.click('button[data-size="9"]');
    await page.click('#start-game');
    await page.waitForSelector(point('E5'));
    for (const v of ['E5', 'D4', 'E4', 'D5']) await page.click(point(v));
    assert.deepEqual(await covered(page), [], 'a game');
    for (let i = 0; i < 2; i += 1) {
      await page.click('#pass');
      await page.click('#dialog-yes');
    }
    await page.waitForSelector('#confirm-count');
    assert.deepEqual(await covered(page), [], 'counting');
    await page.click('#confirm-count');
    await page.click('#confirm-count');
    await page.waitForSelector('#result');
    assert.ok(await notice.isVisible(), 'the notice is still up');
    assert.deepEqual(await covered(page), [], 'the result');
    await page.screenshot({ path: `${SHOTS}/notice-result-${size}.png` });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`学下棋 at ${w}×${h}: no notice covers a control of any of its screens`, async () => {
    const page = await newPage(app.browser, { viewport: { width: w, height: h } });
    await page.goto(app.srv.url);
    // 复盘 with its notice: a record cut off before its end opens with one.
    await page.setInputFiles('#open-sgf', { name: 'cut.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from('(;GM[1]FF[4]SZ[9];B[ee];W[dd];B[ce]') });
    await page.waitForSelector('#review-move');
    const notice = page.locator('#learn-root .toasts .notice');
    await notice.waitFor();
    assert.deepEqual(await covered(page, '#learn-root'), [], '复盘');
    // 学下棋's notice: a problem file that cannot be read (it stays up from screen to screen).
    await page.goto(`${app.srv.url}#/learn`);
    await page.waitForSelector('#open-problems', { state: 'attached' });
    await page.setInputFiles('#open-problems', { name: 'broken.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from('(;GM[1]FF[4]SZ[9]AB[zz](;B[aa]))') });
    await notice.waitFor();
    assert.deepEqual(await covered(page, '#learn-root'), [], '学下棋');
    for (const [where, ready] of [
      ['/learn/lesson/1', '#lesson-title'], ['/learn/problems/1/1', '#question'], ['/teach', '#teach-close'],
      ['/report', '#report-close'], ['/book', '#book'],
    ]) {
      await page.evaluate((f) => { location.hash = '#' + f; }, where);
      await page.waitForSelector(ready);
      assert.ok(await notice.isVisible(), `${where}: the notice is still up`);
      assert.deepEqual(await covered(page, '#learn-root'), [], where);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
