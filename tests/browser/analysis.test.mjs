// 复盘 with the network (issue 25): a finished 9×9 game (a ladder game, 71 moves) is analysed
// in the bot's worker with a progress bar; the lead graph goes to the move clicked and is
// stepped by keyboard; n jumps to the next mistake, which says its class, the points (子) it
// lost and the network's better move, ringed on the board; the table lists the largest swing
// first; the analysis is kept with the game and is there again after a reload, without asking
// the worker again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { useApp, newPage, SHOTS, axeViolations as axe } from './harness.mjs';


const app = useApp();
const here = path.dirname(new URL(import.meta.url).pathname);
const GAME = path.resolve(here, '../data/review/ladder-5k-1k.sgf');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const CHROMEBOOK = { viewport: { width: 1366, height: 768 }, acceptDownloads: true };
const moveNumber = async (page) => Number((await page.textContent('#review-move')).match(/第 (\d+) \//)[1]);

test('a finished 9×9 game analysed: the graph, the mistakes by key, the better move, kept after a reload', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.setInputFiles('#open-sgf', GAME);
  await page.waitForSelector('#review-move');
  const t0 = Date.now();
  await page.click('#review-analyse');
  await page.waitForSelector('#analysis-progress', { timeout: 30000 });
  await page.waitForFunction(() => /快速看完了|分析完成/.test(document.querySelector('#analysis-note')?.textContent || ''),
    null, { timeout: 180000, polling: 200 });
  const ms = Date.now() - t0;
  assert.ok(await page.isHidden('#analysis-progress'), 'the bar goes when the pass is done');
  // The graph runs over every position: 71 moves and the start.
  assert.equal(await page.getAttribute('#lead-graph', 'aria-valuemax'), '71');
  assert.equal((await page.getAttribute('#lead-graph polyline', 'points')).split(' ').length, 72);
  // A click on the graph goes to the move under it.
  const box = await page.locator('#lead-graph').boundingBox();
  await page.mouse.click(box.x + box.width * 20 / 71, box.y + box.height / 2);
  assert.equal(await moveNumber(page), 20);
  assert.equal(await page.getAttribute('#lead-graph', 'aria-valuenow'), '20');
  // The graph steps by keyboard.
  await page.focus('#lead-graph');
  await page.keyboard.press('ArrowRight');
  assert.equal(await moveNumber(page), 21);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await moveNumber(page), 19);
  // Nobody here has a rank: 复盘 opens in the beginner's view, which names no class and counts
  // in 子 only (issue 51); the view with the classes and the choice of unit is one choice away.
  assert.equal(await page.inputValue('#mistake-filter'), 'beginner');
  assert.equal(await page.locator('#lead-unit').count(), 0, 'no 目 in the beginner view');
  await page.selectOption('#mistake-filter', 'mistakes');
  // The mistakes listed (恶手 and worse, each player's biggest first), n goes to the next one.
  // (The thorough pass goes on meanwhile and may refine the lists between two looks: n goes to
  // a mistake listed before or after it, and past none that both lists hold.)
  const listedNow = async () => (await page.locator('button.mistake').evaluateAll((bs) => bs.map((b) => Number(b.dataset.move))))
    .sort((a, b) => a - b);
  const earlier = await listedNow();
  assert.ok(earlier.length >= 1, 'a 71-move game between 5 级 and 1 级 has mistakes');
  await page.focus('.board-wrap');
  await page.keyboard.press('n');
  const first = await moveNumber(page);
  const listed = await listedNow();
  assert.ok(listed.includes(first) || earlier.includes(first), `n went to move ${first}: ${earlier} / ${listed}`);
  const skipped = listed.filter((n) => earlier.includes(n) && n > 19 && n < first);
  assert.ok(first < 19 || skipped.length === 0, `n went past ${skipped} to ${first}`);
  // At the mistake: its class, what it lost in 子, the better move on the board.
  const said = await page.textContent('#mistake-here');
  assert.match(said, new RegExp(`第 ${first} 手 [黑白] ([A-HJ][1-9]|停一手) · (恶手|大恶手) · 损失 [\\d.]+ 子`));
  const better = said.match(/更好的一手 ([A-HJ][1-9])/);
  if (better) {
    assert.equal(await page.getAttribute('.help-layer [data-help="ring"]', 'data-vertex'), better[1]);
  }
  // Every mistake listed says why in a sentence that names a point or a part of the board;
  // the lists are headed by what they hold; the graph and the marks have a legend on screen.
  const whys = await page.locator('button.mistake').evaluateAll((bs) => bs.map((b) => b.querySelector('.mistake-why')?.textContent ?? ''));
  assert.ok(whys.length >= 1);
  for (const w of whys) assert.match(w, /[A-HJ][1-9]|左上角|上边|右上角|左边|中间|右边|左下角|下边|右下角/, w);
  assert.deepEqual(await page.locator('.mistakes h3').allTextContents(), ['黑的失误', '白的失误']);
  assert.match(await page.textContent('.graph-legend'), /黑领先.*白领先/);
  assert.match(await page.textContent('#mistake-here .legend'), /更好的一手.*有危险的棋/);
  assert.ok(await page.isVisible('.key-help'), 'key help on a machine with a keyboard');
  assert.doesNotMatch(await page.textContent('#analysis'), /网络/, 'the computer, not the network');
  // The network's line from the position before the mistake, on its own board beside the
  // game's, stepped by button and by key; and the points whose owner the mistake moved, shaded
  // on the game's board (only those: as many squares as the words say).
  await page.click('#mistake-line');
  await page.waitForSelector('#line svg.goban', { timeout: 60000 });
  const step1 = await page.textContent('#line-step');
  const [, len, who, at] = step1.match(/^变化 1 \/ (\d+)：([黑白]) ([A-HJ][1-9]|停一手)$/) ?? [];
  assert.ok(len, `the line's first step is said: ${step1}`);
  assert.equal(who, said.match(/第 \d+ 手 ([黑白])/)[1], 'the line begins with the same player\'s move');
  if (at !== '停一手') {
    const one = await page.locator('#line svg.goban text.num').evaluateAll((ts) => ts.map((t) => t.textContent));
    assert.deepEqual(one, ['1'], 'one numbered stone on the line board');
  }
  assert.ok(await page.isDisabled('#line-prev'));
  if (Number(len) > 1) {
    await page.click('#line-next');
    assert.match(await page.textContent('#line-step'), new RegExp(`^变化 2 / ${len}：${who === '黑' ? '白' : '黑'} `));
    await page.focus('.board-wrap');
    await page.keyboard.press(',');
    assert.match(await page.textContent('#line-step'), /^变化 1 \//);
  }
  await page.waitForFunction(() => /换了主人/.test(document.querySelector('#ownership-moved')?.textContent || ''),
    null, { timeout: 30000 });
  const moved = await page.textContent('#ownership-moved');
  const shaded = await page.locator('.board-wrap svg.goban rect.own').count();
  assert.equal(shaded, Number(moved.match(/(\d+) 个点/)?.[1] ?? 0), `${moved} / ${shaded} squares`);
  await page.screenshot({ path: `${SHOTS}/chromebook-analysis-mistake.png` });
  await page.click('#lead-table summary');
  assert.deepEqual(await axe(page), [], 'axe on the analysed review');
  // Points instead of 子: the same loss, twice the number, and the choice kept.
  const zi = Number(said.match(/损失 ([\d.]+) 子/)[1]);
  await page.selectOption('#lead-unit', 'points');
  const points = Number((await page.textContent('#mistake-here')).match(/损失 ([\d.]+) 目/)[1]);
  // Each said to one decimal: 3.65 子 is 3.7 子 and 7.3 目.
  assert.ok(Math.abs(points - 2 * zi) <= 0.15, `${points} 目 for ${zi} 子`);
  assert.match(await page.getAttribute('#lead-graph', 'aria-label'), / 目$/);
  assert.equal(await page.evaluate(() => localStorage.getItem('shoutan.review-unit')), 'points');
  await page.selectOption('#lead-unit', 'zi');
  assert.match(await page.textContent('#mistake-here'), /损失 [\d.]+ 子/);
  // p goes back to the one before (or round to the last).
  await page.focus('.board-wrap');
  const ahead = await listedNow();
  await page.keyboard.press('p');
  const back = await moveNumber(page);
  const after = await listedNow();
  const expected = (ls) => [...ls].reverse().find((n) => n < first) ?? ls[ls.length - 1];
  assert.ok([expected(ahead), expected(after)].includes(back), `p went to ${back}: ${ahead} / ${after}`);
  // The table for screen readers: every move, the largest swing first.
  const rows = await page.locator('#lead-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => Number(tr.children[2].textContent)));
  assert.equal(rows.length, 71);
  assert.equal(rows[0], Math.max(...rows));
  // As a screen reader hears it (the accessibility tree, not the DOM): the table named, its
  // header, then the largest swing's row first.
  const heard = await page.locator('#lead-table').ariaSnapshot();
  const rowNames = [...heard.matchAll(/- row "([^"]*)"/g)].map((m) => m[1]);
  assert.match(heard, /- region "形势表/, heard.slice(0, 400));
  assert.match(rowNames[0], /着手|手/, `the header row first: ${rowNames[0]}`);
  const firstCells = await page.locator('#lead-table tbody tr').first().evaluate((tr) => [...tr.children].map((c) => c.textContent));
  assert.equal(rowNames[1], firstCells.join(' '), 'the first row heard is the largest swing');
  assert.equal(Number(rowNames[1].split(' ').at(-2)), Math.max(...rows));
  // Kept with the game, small: no more than ~8 kB even for a long game (this one is 71 moves).
  const stored = await page.evaluate(() => Object.keys(localStorage)
    .filter((k) => k.startsWith('shoutan.analysis.')).map((k) => localStorage.getItem(k).length));
  assert.equal(stored.length, 1);
  assert.ok(stored[0] < 4000, `${stored[0]} characters`);
  // After a reload (which lands on 复盘 again: its address) and from the game list, review
  // shows it at once, without the worker.
  await page.reload();
  await page.waitForSelector('#lead-graph');
  assert.equal((await page.getAttribute('#lead-graph polyline', 'points')).split(' ').length, 72);
  await page.click('#review-home');
  await page.click('#games .game-row button.review');
  await page.waitForSelector('#lead-graph');
  assert.equal((await page.getAttribute('#lead-graph polyline', 'points')).split(' ').length, 72);
  // The thorough pass had not finished: it resumes (quietly, under the lists) and the
  // button waits for it.
  await page.waitForSelector('#analysis-thorough');
  assert.ok(await page.isHidden('#review-analyse'));
  // Exported, the record carries it: a comment at each move that lost points, which another
  // reader (sgfmill) sees, and each position's step, which brings the graph back on import.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#review-export')]);
  const exported = await download.path();
  const text = fs.readFileSync(exported, 'utf8');
  assert.match(text, /SHAN\[/);
  const read = spawnSync('python3', ['-c', [
    'import sys', 'from sgfmill import sgf',
    "g = sgf.Sgf_game.from_bytes(open(sys.argv[1], 'rb').read())",
    "print(sum(1 for n in g.get_main_sequence() if n.has_property('C') and '复盘' in n.get('C')))",
  ].join('\n'), exported], { encoding: 'utf8' });
  assert.equal(read.status, 0, read.stderr);
  assert.ok(Number(read.stdout) >= listed.length, `sgfmill reads ${read.stdout.trim()} 复盘 comments`);
  const fresh = await newPage(app.browser, CHROMEBOOK);
  await fresh.goto(app.srv.url);
  await fresh.setInputFiles('#open-sgf', exported);
  await fresh.waitForSelector('#lead-graph');
  assert.equal((await fresh.getAttribute('#lead-graph polyline', 'points')).split(' ').length, 72);
  assert.deepEqual(fresh.errors, []);
  await fresh.context().close();
  assert.deepEqual(page.errors, []);
  console.log(`# the pass over 71 moves took ${ms} ms in the page (network download included)`);
  await page.context().close();
});

test('the analysis on a phone: the graph and a mistake fit the screen', async () => {
  const page = await newPage(app.browser, PHONE);
  await page.goto(app.srv.url);
  await page.setInputFiles('#open-sgf', GAME);
  await page.waitForSelector('#review-move');
  await page.tap('#review-analyse');
  await page.waitForFunction(() => /快速看完了|分析完成/.test(document.querySelector('#analysis-note')?.textContent || ''),
    null, { timeout: 180000, polling: 200 });
  await page.tap('button.mistake');
  await page.waitForSelector('#mistake-here');
  // While the words are read the board stays in view, with the ring on it.
  await page.locator('#mistake-here .legend').scrollIntoViewIfNeeded();
  const board = await page.locator('.review .board-wrap').boundingBox();
  assert.ok(board.y >= -1 && board.y + board.height <= 844, `the board is in view (top ${board.y})`);
  const words = await page.locator('#mistake-here').boundingBox();
  assert.ok(words.y >= board.y + board.height - 1, 'the words are not under the board');
  await page.screenshot({ path: `${SHOTS}/phone-review-mistake-words.png` });
  assert.ok(await page.isHidden('.key-help'), 'no key help on a touch screen');
  const box = await page.locator('#lead-graph').boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `the graph is ${box.width} px wide`);
  await page.tap('#mistake-line');
  await page.waitForSelector('#line svg.goban', { timeout: 60000 });
  const line = await page.locator('#line .line-board').boundingBox();
  assert.ok(line.width <= 390 && line.width >= 200, `the line's board is ${line.width} px wide`);
  await page.locator('#line').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-analysis-mistake.png` });
  assert.deepEqual(await axe(page), [], 'axe on the analysed review (phone)');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
