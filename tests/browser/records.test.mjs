// Records in the real app: the game list (continue, review, rename, delete with undo), review
// stepping, a corrupt stored value that leaves the app and the other games intact, and SGF export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useApp, newPage, point, SHOTS, nameAsked } from './harness.mjs';

const app = useApp();


async function playGame(page, moves, size = 9) {
  await page.click('.brand');
  await page.click('#new-game');
  await page.click(`button[data-size="${size}"]`);
  await page.click('#start-game');
  await page.waitForSelector(point('A1'));
  for (const v of moves) await page.click(point(v));
}

test('the game list: review, delete with undo, export; a corrupt value is shown as damaged', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  await page.goto(app.srv.url);
  await playGame(page, ['D5', 'E5', 'F5', 'A1', 'E6', 'A2', 'E4']);
  await playGame(page, ['C3', 'G7']);
  // A foreign value under a game key, listed in the index.
  await page.evaluate(() => {
    localStorage.setItem('shoutan.game.1', '{"version":1,"moves":"not a list"');
    const index = JSON.parse(localStorage.getItem('shoutan.index'));
    localStorage.setItem('shoutan.index', JSON.stringify(['1', ...index]));
  });
  await page.reload();
  // The reload lands on the game being played (its address); the list is on the home screen.
  await page.click('.brand');
  await page.waitForSelector('#games .game-row');
  assert.equal(await page.locator('#games .game-row').count(), 3);
  assert.equal(await page.locator('#games .game-row.damaged').count(), 1);
  assert.match(await page.textContent('#games .game-row.damaged'), /存档已损坏/);
  await page.screenshot({ path: `${SHOTS}/chromebook-home-list.png` });
  // The newest game first: 2 moves; the older one has 7.
  assert.match(await page.textContent('#games .game-row >> nth=0'), /2 手/);
  // Review the older game: step back over the capture.
  await page.locator('#games .game-row >> nth=1').locator('button.review').click();
  await page.waitForSelector('#review-move');
  assert.match(await page.textContent('#review-move'), /第 7 \/ 7/);
  assert.equal(await page.locator('svg.goban circle[data-stone="W"]').count(), 2);
  await page.click('#review-prev');
  assert.equal(await page.locator('svg.goban circle[data-stone="W"]').count(), 3, 'before the capture');
  await page.focus('.board-wrap');
  await page.keyboard.press('Home');
  assert.match(await page.textContent('#review-move'), /第 0 \/ 7/);
  assert.equal(await page.locator('svg.goban circle[data-stone]').count(), 0);
  await page.keyboard.press('End');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#review-export')]);
  const sgf = fs.readFileSync(await download.path(), 'utf8');
  assert.match(sgf, /^\(;GM\[1\]FF\[4\]CA\[UTF-8\]/);
  assert.match(sgf, /;B\[de\]\n;W\[ee\]/);
  // Back home (review's 首页 closes it): delete the newest game, then undo.
  await page.click('#review-home');
  await page.locator('#games .game-row >> nth=0').locator('button.delete').click();
  assert.equal(await page.locator('#games .game-row').count(), 2);
  await page.click('#undo-delete');
  assert.equal(await page.locator('#games .game-row').count(), 3);
  // Back in its place by time: the newest first again; and the older one, deleted and put
  // back, where it was.
  const rows = async () => page.locator('#games .game-row').allTextContents();
  const order = await rows();
  assert.match(order[0], /2 手/);
  await page.locator('#games .game-row >> nth=1').locator('button.delete').click();
  await page.click('#undo-delete');
  assert.deepEqual(await rows(), order);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('export then import through the UI gives the same game; GB18030 and broken files', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  await page.goto(app.srv.url);
  await playGame(page, ['D5', 'E5', 'F5', 'A1', 'E6', 'A2', 'E4', 'pass'].filter((v) => v !== 'pass'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-sgf')]);
  const exported = await download.path();
  const before = await page.locator('svg.goban circle[data-stone]').count();
  // Import it into a fresh profile.
  const fresh = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await fresh.goto(app.srv.url);
  await fresh.setInputFiles('#open-sgf', exported);
  await fresh.waitForSelector('#review-move');
  assert.match(await fresh.textContent('#review-move'), /第 7 \/ 7/);
  assert.equal(await fresh.locator('svg.goban circle[data-stone]').count(), before);
  // An old Chinese record in GB18030 without CA: PB[黑方] PW[白方].
  const gbk = Buffer.concat([
    Buffer.from('(;GM[1]SZ[9]PB['), Buffer.from([0xba, 0xda, 0xb7, 0xbd]), Buffer.from(']PW['),
    Buffer.from([0xb0, 0xd7, 0xb7, 0xbd]), Buffer.from('];B[ee];W[dd])'),
  ]);
  await fresh.click('#review-home');
  await fresh.setInputFiles('#open-sgf', { name: 'old.sgf', mimeType: 'application/x-go-sgf', buffer: gbk });
  await fresh.waitForSelector('#review-move');
  await fresh.click('#review-home');
  assert.match(await fresh.textContent('#games .game-row >> nth=0'), /黑方 – 白方/);
  // A broken file says where it broke and changes nothing. (A file merely cut off before its
  // end loads what it holds: see fixes.test.mjs.)
  await fresh.setInputFiles('#open-sgf', { name: 'bad.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from('(;GM[1]SZ[9]\n;B[ee];W[dd]x)') });
  await fresh.waitForSelector('.notice');
  assert.match(await fresh.textContent('.notice'), /SGF 文件有误：第 2 行/);
  assert.equal(await fresh.locator('#games .game-row').count(), 2);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(fresh.errors, []);
  await page.context().close();
  await fresh.context().close();
});

test('an SGF file is read by 学下棋\'s wasm, fetched only then; a full storage says so and adds nothing', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  // Storage that takes no new game once the test says so (a full quota).
  await page.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (window.__full && k.startsWith('shoutan.game.')) throw new DOMException('full', 'QuotaExceededError');
      return set.call(this, k, v);
    };
  });
  await page.goto(app.srv.url);
  await page.waitForSelector('#new-game');
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('learn_bg.wasm')));
  assert.equal(await fetched(), false, 'the home screen does not fetch 学下棋\'s wasm');
  await page.evaluate(() => { window.__full = true; });
  await page.setInputFiles('#open-sgf', { name: 'one.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from('(;GM[1]SZ[9];B[ee];W[dd])') });
  await page.waitForSelector('.notice[role="alert"]');
  assert.match(await page.textContent('.notice[role="alert"]'), /本地存储已满，没能全部导入/);
  assert.equal(await fetched(), true);
  assert.equal(await page.locator('#games .game-row').count(), 0);
  assert.ok(await page.locator('#learn-root').isHidden(), 'nothing opens over the home screen');
  assert.equal((await page.textContent('#import-status')).trim(), '', 'the status is cleared');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a share link opens the same game in a fresh browser profile, and continues as a new game', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await page.goto(app.srv.url);
  await playGame(page, ['D5', 'E5', 'F5', 'A1', 'E6', 'A2', 'E4']);
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  assert.ok(link.startsWith(app.srv.url) && link.includes('#g=1&'), link);
  const fresh = await newPage(app.browser, { viewport: { width: 390, height: 844 } });
  await fresh.goto(link);
  await fresh.waitForSelector('#review-move');
  assert.match(await fresh.textContent('#review-move'), /第 7 \/ 7/);
  assert.equal(await fresh.locator('svg.goban circle[data-stone="W"]').count(), 2);
  assert.equal(await fresh.locator('svg.goban circle[data-stone="B"]').count(), 4);
  await fresh.click('#play-from-here');
  await fresh.waitForSelector('#pass');
  assert.match(await fresh.textContent('#status'), /轮到 白/);
  await fresh.click(point('J9'));
  assert.equal(await fresh.locator('svg.goban circle[data-stone="W"]').count(), 3);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(fresh.errors, []);
  await page.context().close();
  await fresh.context().close();
});

test('an imported record keeps its comments and variations, browsable in review', async () => {
  const page = await newPage(app.browser, { viewport: { width: 390, height: 844 } });
  await page.goto(app.srv.url);
  const here = new URL('.', import.meta.url).pathname;
  await page.setInputFiles('#open-sgf', `${here}../data/sgf/variations.sgf`);
  await page.waitForSelector('#review-move');
  await page.click('#review-start');
  assert.match(await page.textContent('#review-note'), /开局前的评论/);
  await page.click('#review-next');
  assert.match(await page.textContent('#review-note'), /天元/);
  await page.click('#review-next');
  // Two variations branch after move 2, beside the main line's move (A).
  assert.equal(await page.locator('button.variation').count(), 3);
  await page.click('button.variation[data-branch="B"]');
  assert.match(await page.textContent('#review-move'), /第 3 \/ 5 · 变化 B/);
  // The variation's own comment, on its first move.
  assert.match(await page.textContent('#review-note'), /变化一/);
  await page.keyboard.press('End');
  await page.click('.board-wrap');
  await page.keyboard.press('End');
  assert.match(await page.textContent('#review-move'), /第 5 \/ 5/);
  assert.equal(await page.locator('svg.goban circle[data-stone]').count(), 5);
  await page.screenshot({ path: `${SHOTS}/phone-review-variation.png` });
  await page.click('#main-line');
  assert.match(await page.textContent('#review-move'), /第 2 \/ 5/);
  // The bot's estimate of the position in review: ownership on the board and the margin.
  await page.click('#review-estimate-button');
  await page.waitForSelector('rect.own', { timeout: 20000 });
  assert.match(await page.textContent('#review-estimate'), /形势/);
  await page.click('#review-next');
  assert.equal(await page.locator('rect.own').count(), 0, 'stepping clears the estimate');
  // The variations survive a reload (they are stored with the game).
  // (The reload lands on this review again: its address.)
  await page.reload();
  await page.waitForSelector('#review-move');
  await page.click('#review-start');
  await page.click('#review-next');
  await page.click('#review-next');
  assert.equal(await page.locator('button.variation').count(), 3);
  // From inside a variation the teacher's board opens at the node shown (move 3 of the
  // variation's line of 5).
  await page.click('button.variation[data-branch="B"]');
  assert.match(await page.textContent('#review-note'), /变化一/, 'the variation keeps its comment in storage');
  await page.click('#review-teach');
  await page.waitForSelector('#record-move');
  assert.equal((await page.textContent('#record-move')).trim(), '第 3 / 5');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('two tabs on one game: a move in one shows in the other, nothing is overwritten', async () => {
  const context = await app.browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  await context.addInitScript(nameAsked);
  const a = await context.newPage();
  const errors = [];
  a.on('pageerror', (e) => errors.push(String(e)));
  await a.goto(app.srv.url);
  await playGame(a, ['E5', 'C3']);
  // The second tab continues the same game.
  const b = await context.newPage();
  b.on('pageerror', (e) => errors.push(String(e)));
  await b.goto(app.srv.url);
  await b.click('#continue-game');
  await b.waitForSelector(point('A1'));
  assert.equal(await b.locator('svg.goban circle[data-stone]').count(), 2);
  // A move in tab A reaches tab B through the storage event, with a message.
  await a.click(point('G5'));
  await b.waitForFunction(() => document.querySelectorAll('svg.goban circle[data-stone]:not(.ghost)').length === 3);
  assert.match(await b.textContent('.notice'), /另一个标签页/);
  // Tab B plays on from there; tab A gets it back: one game, both moves kept.
  await b.click(point('C7'));
  await a.waitForFunction(() => document.querySelectorAll('svg.goban circle[data-stone]:not(.ghost)').length === 4);
  const stored = await a.evaluate(() => {
    const index = JSON.parse(localStorage.getItem('shoutan.index'));
    return JSON.parse(localStorage.getItem('shoutan.game.' + index[index.length - 1]));
  });
  assert.deepEqual(stored.moves, ['B E5', 'W C3', 'B G5', 'W C7']);
  assert.equal(stored.revision >= 4, true);
  assert.deepEqual(errors, []);
  await context.close();
});
