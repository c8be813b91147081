// Every screen a place in the browser's history (issue 39): Back and Forward between screens,
// never out of the app from inside it; a reload, a restored tab or a bookmark lands on the same
// screen (a game on its board with its moves and clocks, 复盘 on its move); addresses that name
// nothing lead home with a notice; the projector lets go by its button and by Escape alone,
// and places no stone; notices never push a board off screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, point, SHOTS, presetSettings, storedGame } from './harness.mjs';

const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };

/** The fragment of the page's address (without `#`). */
const where = (page) => new URL(page.url()).hash.replace(/^#/, '');
const stones = (page) => page.locator('svg.goban circle[data-stone]:not(.ghost)').count();
/** Back or Forward as the browser's buttons do it (a same-document history step). */
const back = (page) => page.evaluate(() => history.back());
const forward = (page) => page.evaluate(() => history.forward());
/** Waits for the address to name `fragment` (home is `/`, or no fragment at all). */
const at = (page, fragment) => page.waitForFunction((f) => (location.hash || '#/') === '#' + f, fragment);

test('a game: the address names it; a reload lands on its board with its moves and clocks; Back and Forward', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.clock.install({ time: new Date('2026-12-04T09:00:00+08:00') });
  await page.goto(app.srv.url);
  await page.click('#new-game');
  assert.equal(where(page), '/new');
  await page.click('button[data-size="9"]');
  await page.selectOption('#time-control', 'custom');
  await page.fill('#custom-main', '10');
  await page.fill('#custom-reserved', '1');
  await page.click('#start-game');
  await page.waitForSelector(point('E5'));
  assert.match(where(page), /^\/game\/\d+$/);
  const game = where(page);
  await page.click(point('E5'));
  await page.clock.runFor(7_000);
  await page.click(point('C3'));
  await page.clock.runFor(3_000);
  const clocks = async () => [await page.textContent('.clock[data-clock="B"]'), await page.textContent('.clock[data-clock="W"]')];
  // The save waits for the move's paint; a hidden page saves at once.
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('shoutan.game.' + location.hash.split('/')[2]) || '{}').moves?.length === 2);
  // Paused, the clocks show exactly what they hold (a running one's text lags its tick).
  await page.click('#pause');
  const before = await clocks();
  await page.reload();
  await page.waitForSelector(point('E5'));
  assert.equal(where(page), game, 'the same address after a reload');
  assert.equal(await stones(page), 2, 'the game on its board, its moves there');
  assert.deepEqual(await clocks(), before, 'the clocks as they were');
  assert.deepEqual(before, ['9:57', '9:53'], 'Black thought 3 s, White 7 s');
  assert.equal(await page.locator('#new-game').count(), 0, 'not the home screen');
  // Back: the screen before the game (the new-game dialog took its place: home); Forward: the game.
  await back(page);
  await at(page, '/');
  await page.waitForSelector('#new-game');
  assert.ok(page.url().startsWith(app.srv.url), 'still in the app');
  await forward(page);
  await at(page, game);
  await page.waitForSelector(point('E5'));
  assert.equal(await stones(page), 2, 'Forward: the game with its position');
  // The settings menu is a place too: Back closes it over the game.
  await page.click('#settings-toggle');
  assert.equal(where(page), '/settings');
  assert.equal(await page.getAttribute('#settings-toggle', 'aria-expanded'), 'true');
  await back(page);
  await at(page, game);
  await page.waitForFunction(() => document.querySelector('#settings-toggle').getAttribute('aria-expanded') === 'false');
  assert.equal(await stones(page), 2, 'the game under the menu');
  await page.click('#settings-toggle');
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute('#settings-toggle', 'aria-expanded'), 'false', 'Escape closes it at once');
  await at(page, game);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('学下棋, a lesson, a problem and the class report: addresses, reloads, Back stays in the app', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#course');
  assert.equal(where(page), '/learn');
  // A lesson: its address, a reload on it, Back to 学下棋 and Back home.
  await page.click('.lesson-button >> nth=2');
  await page.waitForSelector('#lesson-title');
  assert.equal(where(page), '/learn/lesson/3');
  const title = await page.textContent('#lesson-title');
  await page.reload();
  await page.waitForSelector('#lesson-title');
  assert.equal(await page.textContent('#lesson-title'), title, 'the same lesson after a reload');
  await back(page);
  await at(page, '/learn');
  await page.waitForSelector('#course');
  assert.equal(await page.locator('#lesson-title').count(), 0);
  await back(page);
  await at(page, '/');
  await page.waitForSelector('#learn-root[hidden]', { state: 'attached' });
  assert.ok(await page.isVisible('#new-game'), 'home, in the app');
  // A problem: its address, a reload on it, the next problem in its place: Back goes up to
  // the set.
  await page.click('#learn');
  await page.click('.problem-set >> nth=1 >> .problem-button >> nth=0');
  await page.waitForSelector('#question');
  assert.equal(where(page), '/learn/problems/2/1');
  const question = await page.textContent('#question');
  await page.reload();
  await page.waitForSelector('#question');
  assert.equal(await page.textContent('#question'), question, 'the same problem after a reload');
  await page.click('#problem-next');
  await at(page, '/learn/problems/2/2');
  await page.waitForFunction(() => /2/.test(document.querySelector('#problem-title')?.textContent));
  await back(page);
  await at(page, '/learn/problems/2');
  await page.waitForSelector('#problem-set-1');
  assert.equal(await page.locator('#question').count(), 0, 'the set, not the problem before');
  // The class report: Back stays in the app.
  await page.click('#learn-close');
  await page.click('#learn');
  await page.click('#open-report');
  await at(page, '/report');
  await page.reload();
  await page.waitForSelector('#report-close');
  await back(page);
  await page.waitForFunction(() => location.hash !== '#/report');
  assert.ok(page.url().startsWith(app.srv.url), 'still in the app');
  assert.ok(await page.locator('#learn-close, #new-game').first().isVisible());
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Back in 学下棋 goes up a level: a problem → its set → 学下棋 → home; a lesson → the list', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#course');
  // Three problems of the second set, one after another (下一题), one solved on the way.
  await page.click('.problem-set >> nth=1 >> .problem-button >> nth=0');
  await at(page, '/learn/problems/2/1');
  for (const n of [2, 3]) {
    await page.click('#problem-next');
    await at(page, `/learn/problems/2/${n}`);
  }
  // Back: the set (学下棋's page at its section), then 学下棋, then home — never problem 2.
  await back(page);
  await at(page, '/learn/problems/2');
  await page.waitForSelector('#problem-set-1');
  assert.ok(await page.isVisible('#problem-set-1'), 'the set is in view');
  await back(page);
  await at(page, '/learn');
  await page.waitForSelector('#course');
  await back(page);
  await at(page, '/');
  await page.waitForSelector('#learn-root[hidden]', { state: 'attached' });
  // 全部题目 goes up too, by Back: Forward does not find the set twice.
  await page.click('#learn');
  await page.click('.problem-set >> nth=0 >> .problem-button >> nth=0');
  await page.click('#problem-next');
  await at(page, '/learn/problems/1/2');
  await page.click('#problem-list');
  await at(page, '/learn/problems/1');
  await back(page);
  await at(page, '/learn');
  // A lesson, its tasks and the next lesson: Back goes to the list, then home.
  await page.click('.lesson-button >> nth=0');
  await at(page, '/learn/lesson/1');
  for (const n of ['3', '5', '2']) await page.click(`button[data-answer="${n}"]`);
  await page.click('#task-next');
  await page.click('button[data-answer="3"]');
  await page.click('#task-next');
  await page.click('button[data-answer="5"]');
  await page.click('#lesson-next');
  await at(page, '/learn/lesson/2');
  await page.waitForFunction(() => /提子/.test(document.querySelector('#lesson-title')?.textContent));
  await back(page);
  await at(page, '/learn');
  await page.waitForSelector('#course');
  assert.equal(await page.locator('#lesson-title').count(), 0, 'the list, not lesson 1');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('复盘 on a move: the address follows the move; a reload and a bookmark open on it', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  for (const v of ['E5', 'C3', 'G5', 'C7', 'E3']) await page.click(point(v));
  await page.waitForFunction(() => {
    const index = JSON.parse(localStorage.getItem('shoutan.index') || '[]');
    return JSON.parse(localStorage.getItem('shoutan.game.' + index[index.length - 1]) || '{}').moves?.length === 5;
  });
  const id = where(page).split('/')[2];
  await page.click('.brand');
  await at(page, '/');
  // Bookmark-style: the review's address typed in.
  await page.goto(`${app.srv.url}#/review/${id}`);
  await page.waitForSelector('#review-prev');
  await page.waitForFunction((i) => location.hash === `#/review/${i}/move/5`, id);
  await page.click('#review-prev');
  await page.click('#review-prev');
  await at(page, `/review/${id}/move/3`);
  const shown = await page.locator('#learn-root svg.goban circle[data-stone]').count();
  assert.equal(shown, 3);
  await page.reload();
  await page.waitForSelector('#review-prev');
  assert.equal(where(page), `/review/${id}/move/3`);
  assert.equal(await page.locator('#learn-root svg.goban circle[data-stone]').count(), 3, '复盘 on the same move');
  // Back from 复盘 stays in the app (stepping through moves added no history).
  await back(page);
  await page.waitForFunction(() => !location.hash.startsWith('#/review'));
  assert.ok(page.url().startsWith(app.srv.url), 'still in the app');
  await page.waitForSelector('#new-game');
  // A bookmark opened cold in a new tab: the lesson, with home beneath it.
  const tab = await page.context().newPage();
  tab.errors = [];
  tab.on('pageerror', (e) => tab.errors.push(String(e)));
  await tab.goto(`${app.srv.url}#/learn/lesson/2`);
  await tab.waitForSelector('#lesson-title');
  await back(tab);
  await at(tab, '/');
  await tab.waitForSelector('#new-game');
  assert.ok(tab.url().startsWith(app.srv.url), 'Back from a bookmark goes home, not out');
  assert.deepEqual([...page.errors, ...tab.errors], []);
  await page.context().close();
});

test('addresses that name nothing lead home with a notice and no page error; an old share link still opens', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  for (const [fragment, said] of [
    ['/game/1796388955244', /这盘棋找不到了/],
    ['/review/1796388955244/move/3', /这盘棋找不到了/],
    ['/learn/lesson/99', /没有这一课/],
    ['/learn/problems/9/1', /没有找到这道题/],
    ['/qwerty/%%/<script>', /这个地址打不开/],
    ['/game/12abc', /这个地址打不开/],
  ]) {
    await page.goto(`${app.srv.url}#${fragment}`);
    await page.waitForSelector('.toasts .notice');
    assert.match(await page.textContent('.toasts .notice'), said, fragment);
    await at(page, '/');
    assert.ok(await page.isVisible('#new-game'), `${fragment}: home`);
    assert.equal(await page.locator('#learn-root:not([hidden])').count(), 0, `${fragment}: nothing over home`);
  }
  // A share link made by the build before hash routes (the fragment is the game).
  const link = 'g=1&sz=9&km=15&ha=0&pb=%E5%B0%8F%E6%98%8E&pw=%E5%B0%8F%E7%BA%A2&mv=eeccgg';
  await page.goto(`${app.srv.url}#${link}`);
  await page.waitForSelector('#review-prev');
  assert.equal(await page.locator('#learn-root svg.goban circle[data-stone]').count(), 3);
  assert.match(await page.textContent('#learn-root'), /小明/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the projector: 退出 and Escape alone close it, focus returns, no click places a stone', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(`${app.srv.url}#/teach`);
  await page.waitForSelector('#projector');
  const placed = () => page.locator('#learn-root circle[data-stone]').count();
  await page.click('#projector');
  await at(page, '/teach/projector');
  assert.ok(await page.isVisible('#projector-exit'), 'a visible way out');
  // A click on the board (to point, or to take the focus) places nothing here.
  await page.click('#learn-root svg.goban rect[data-vertex="A1"]');
  await page.click('#learn-root svg.goban rect[data-vertex="E5"]');
  assert.equal(await placed(), 0);
  await page.screenshot({ path: `${SHOTS}/chromebook-projector-exit.png` });
  // Escape with the focus anywhere.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Escape');
  assert.ok(await page.isVisible('#teach-title'), 'Escape left the projector at once');
  await at(page, '/teach');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'projector', 'focus back on the button that opened it');
  // 退出.
  await page.click('#projector');
  await page.click('#projector-exit');
  assert.ok(await page.isVisible('#teach-title'));
  await at(page, '/teach');
  // And Back.
  await page.click('#projector');
  await back(page);
  await page.waitForSelector('#teach-title');
  assert.equal(await placed(), 0, 'no stone placed by any of these clicks');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Whether `box` is whole inside a viewport of `w`×`h`. */
const inside = (box, w, h) => box.x >= 0 && box.y >= 0 && box.x + box.width <= w + 0.5 && box.y + box.height <= h + 0.5;

for (const [w, h] of [[1366, 610], [1366, 768], [390, 844]]) {
  test(`notices never push the board off screen at ${w}×${h}`, async () => {
    const page = await newPage(app.browser, { viewport: { width: w, height: h } });
    // The storage warning is said on this visit (a temporary storage, not yet warned).
    await presetSettings(page, { storage_warned: false });
    await page.goto(`${app.srv.url}#/game/1`);
    await page.waitForSelector('.toasts .notice');
    for (const size of [9, 19]) {
      await page.goto(app.srv.url);
      await page.click('#new-game');
      await page.click(`button[data-size="${size}"]`);
      await page.click('#start-game');
      await page.waitForSelector(point('A1'));
      // A notice over the game: an address that named nothing, then back to the game.
      const game = where(page);
      await page.evaluate(() => { location.hash = '#/nothing-here'; });
      await page.waitForSelector('.toasts .notice');
      await page.evaluate((g) => { location.hash = '#' + g; }, game);
      await page.waitForSelector(point('A1'));
      assert.ok(await page.isVisible('.toasts .notice'), 'the notice is showing');
      const board = await page.locator('.board-wrap').boundingBox();
      const corners = await page.evaluate(() => [...document.querySelectorAll('svg.goban text.coord')]
        .map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom]));
      assert.ok(inside(board, w, h), `${size}×${size}: the board whole on screen: ${JSON.stringify(board)}`);
      assert.ok(corners.length > 0 && corners.every(([l, t, r, b]) => l >= 0 && t >= 0 && r <= w && b <= h), 'its coordinates too');
      const toast = await page.locator('.toasts .notice').first().boundingBox();
      const overlap = !(toast.x >= board.x + board.width || toast.x + toast.width <= board.x
        || toast.y >= board.y + board.height || toast.y + toast.height <= board.y);
      assert.ok(!overlap, `${size}×${size}: the notice is beside the board, not over it`);
      await page.screenshot({ path: `${SHOTS}/notice-${w}x${h}-${size}.png` });
    }
    // The storage warning is a line of the home screen, not a bar over a board.
    await page.click('.brand');
    await page.waitForSelector('#new-game');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the stored game of a reloaded page is the game the address names', async () => {
  // Two games: the address picks the older one, not the latest unfinished.
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  for (const first of ['E5', 'D4']) {
    await page.click('.brand');
    await page.click('#new-game');
    await page.click('button[data-size="9"]');
    await page.click('#start-game');
    await page.click(point(first));
    await page.waitForFunction((v) => /黑/.test(document.querySelector(`rect[data-vertex="${v}"]`).getAttribute('aria-label')), first);
  }
  // (The game is saved once its move is painted: wait for the save, not just the paint.)
  await page.waitForFunction(() => {
    const index = JSON.parse(localStorage.getItem('shoutan.index') || '[]');
    return localStorage.getItem('shoutan.game.' + index[index.length - 1])?.includes('D4');
  });
  const latest = await storedGame(page);
  assert.deepEqual(latest.moves, ['B D4']);
  const index = await page.evaluate(() => JSON.parse(localStorage.getItem('shoutan.index')));
  const older = index.find((id) => !where(page).endsWith(id));
  await page.goto(`${app.srv.url}#/game/${older}`);
  await page.waitForSelector(point('E5'));
  assert.match(await page.getAttribute(point('E5'), 'aria-label'), /黑/);
  assert.doesNotMatch(await page.getAttribute(point('D4'), 'aria-label'), /黑/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
