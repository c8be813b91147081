// 学下棋 (issue 15): its own wasm, loaded when first opened; the built-in problems solved and
// failed by clicks, a problem file imported, progress kept, capture Go started from it; axe
// on its screens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useApp, newPage, SHOTS, axeViolations as axe } from './harness.mjs';

const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const cell = (v) => `#learn-root svg.goban rect[data-vertex="${v}"]`;

for (const [name, options] of [['chromebook', CHROMEBOOK], ['phone', PHONE]]) {
  test(`学下棋 on a ${name}: loaded on demand, a problem solved and one failed, progress kept`, async () => {
    const page = await newPage(app.browser, options);
    const fetched = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.goto(app.srv.url);
    await page.waitForSelector('#learn');
    assert.ok(!fetched.some((u) => u.includes('learn')), 'the app shell does not load 学下棋');
    await page.click('#learn');
    await page.waitForSelector('#learn-close');
    assert.ok(fetched.some((u) => u.endsWith('learn_bg.wasm')), 'loaded when opened');
    await page.screenshot({ path: `${SHOTS}/${name}-learn-home.png` });
    assert.deepEqual(await axe(page), [], 'axe on 学下棋');
    // Problem 1 of the first set: the white stone at D4 has one liberty left, D3.
    await page.click('.problem-button >> nth=0');
    assert.equal((await page.textContent('#question')).trim(), '黑先，吃掉△白子。');
    const tap = async (v) => { await page.click(cell(v)); if (options.hasTouch) await page.waitForTimeout(50); };
    await tap('C3');
    assert.match(await page.textContent('#status'), /^不对。 白 D3/);
    await page.click('#problem-retry');
    await page.click('#problem-hint');
    assert.match(await page.textContent('#status'), /提示 D3/);
    await tap('D3');
    assert.equal((await page.textContent('#status')).trim(), '正确！');
    await page.screenshot({ path: `${SHOTS}/${name}-learn-problem-solved.png` });
    assert.deepEqual(await axe(page), [], 'axe on the problem player');
    // A tesuji: driven to the edge in three ataris (the tree answers each).
    await page.click('#problem-list');
    assert.match(await page.textContent('.problem-set >> nth=0'), /已解 1\/14/);
    await page.click('.problem-set >> nth=1 >> .problem-button >> nth=0');
    for (const v of ['D3', 'C1', 'F1']) await tap(v);
    assert.equal((await page.textContent('#status')).trim(), '正确！');
    await page.click('#learn-close');
    assert.equal(await page.getAttribute('#learn-root', 'hidden'), '');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'learn');
    // Progress is kept across a reload.
    await page.reload();
    await page.click('#learn');
    await page.waitForSelector('#learn-close');
    assert.match(await page.textContent('.problem-set >> nth=1'), /已解 1\/14/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the rules course: a beginner finishes lesson 1 by clicks; the core checks every answer', async () => {
  const page = await newPage(app.browser, PHONE);
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#course');
  assert.match(await page.textContent('#course h2'), /已学 0\/8/);
  await page.click('.lesson-button >> nth=0');
  assert.match(await page.textContent('#lesson-title'), /棋子的气/);
  // The article it follows is in a fold for the teacher, not in the child's title.
  assert.doesNotMatch(await page.textContent('#lesson-title'), /总则/);
  assert.match(await page.textContent('.rule-text'), /规则原文\s*总则 第三条/);
  // Opened, the fold gives the article's own words (the rules' text), not its number alone.
  await page.click('.rule-text > summary');
  assert.match(await page.textContent('.rule-text'), /总则 第三条\s*一个棋子在棋盘上，与它直线紧邻的空点是这个棋子的“气”。/);
  await page.screenshot({ path: `${SHOTS}/phone-lesson-rule-text.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/chromebook-lesson-rule-text.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('.rule-text > summary');
  // Three questions on liberties. A wrong answer outlines the stone and dots its liberties,
  // and says so; a second numbers them; the third shows the answer and lets the child on.
  const helpMarks = (kind) => page.$$eval(`.help-layer [data-help="${kind}"]`, (els) => els.map((e) => e.dataset.vertex).sort());
  await page.click('button[data-answer="3"]');
  assert.match(await page.textContent('#status'), /^不对。圈起来的是黑棋。它旁边打了点的空点，就是它的气。/);
  assert.deepEqual(await helpMarks('chain'), ['C3']);
  assert.deepEqual(await helpMarks('liberty'), ['B3', 'C2', 'C4', 'D3']);
  await page.screenshot({ path: `${SHOTS}/phone-lesson-wrong-answer.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/chromebook-lesson-wrong-answer.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('button[data-answer="5"]');
  assert.deepEqual(await helpMarks('count'), ['B3', 'C2', 'C4', 'D3']);
  assert.match(await page.textContent('#status'), /跟着数字数/);
  await page.click('button[data-answer="2"]');
  assert.match(await page.textContent('#status'), /^答案：黑棋有 4 口气。/);
  assert.equal(await page.$$eval('button[data-answer]', (b) => b.length), 0, 'answered: no more choices');
  await page.click('#task-next');
  assert.equal(await page.$$eval('.help-layer [data-help]', (m) => m.length), 0, 'the next task starts clean');
  await page.click('button[data-answer="3"]');
  await page.click('#task-next');
  await page.click('button[data-answer="5"]');
  assert.equal((await page.textContent('#status')).trim(), '本课完成！');
  await page.screenshot({ path: `${SHOTS}/phone-learn-lesson-done.png` });
  assert.deepEqual(await axe(page), [], 'axe on a lesson');
  // 下一课 leads from lesson 1 to lesson 2; the list has lesson 1 ticked.
  await page.click('#lesson-next');
  await page.waitForFunction(() => location.hash === '#/learn/lesson/2');
  assert.match(await page.textContent('#lesson-title'), /提子/);
  await page.click('#lesson-list');
  assert.match(await page.textContent('#course h2'), /已学 1\/8/);
  // Lesson 4 (第五条): the forbidden point, and the same-looking point that captures.
  await page.click('.lesson-button >> nth=3');
  await page.click('#answer-yes');
  assert.match(await page.textContent('#status'), /^不对。下在 B4，这颗子一口气也没有.*禁着点/);
  assert.deepEqual(await helpMarks('forbidden'), ['B4']);
  await page.click('#answer-no');
  assert.match(await page.textContent('#status'), /^对！ 禁着点/);
  await page.click('#task-next');
  await page.click('#answer-yes');
  assert.equal((await page.textContent('#status')).trim(), '本课完成！');
  // Lesson 2 (第四条): a capture by a click on the board; a wrong point says so.
  await page.click('#lesson-list');
  await page.click('.lesson-button >> nth=1');
  await page.click(cell('A1'));
  assert.match(await page.textContent('#status'), /圈起来的白子还有 1 口气/);
  assert.deepEqual(await helpMarks('liberty'), ['D3']);
  await page.click(cell('D3'));
  assert.equal((await page.textContent('#status')).trim(), '对！');
  // A built-in problem: the first wrong move says what the board shows and marks it, the
  // second rings the way, the third shows the answer.
  await page.goto(`${app.srv.url}#/learn/problems/1/1`);
  await page.waitForSelector('#question');
  await page.click(cell('A1'));
  assert.match(await page.textContent('#status'), /^不对。[\s\S]*圈起来的白子还有 1 口气/);
  assert.deepEqual(await helpMarks('liberty'), ['D3']);
  await page.click(cell('A2'));
  assert.deepEqual(await helpMarks('ring'), ['D3']);
  assert.match(await page.textContent('#status'), /先下画了圈的点/);
  await page.click(cell('A3'));
  assert.match(await page.textContent('#status'), /^答案：黑 D3/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a problem file is imported and solved; a broken one is refused with the reason', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#open-problems');
  const file = '/tmp/shoutan-problem.sgf';
  // As other programs write problems: VW to the corner, RIGHT in a comment, BM on a wrong move.
  fs.writeFileSync(file, '(;GM[1]FF[4]SZ[19]AB[ba][bb][cb]AW[aa][ab]VW[aa:ee]C[Black to kill]PL[B]' +
    '(;B[ac]C[RIGHT])(;B[dd]BM[1];W[ac]))');
  await page.setInputFiles('#open-problems', file);
  await page.waitForSelector('#question');
  assert.equal((await page.textContent('#question')).trim(), 'Black to kill');
  const vb = await page.getAttribute('#learn-root svg.goban', 'viewBox');
  assert.equal(vb, '-145 -145 690 690', 'the board is cropped to VW');
  await page.click(cell('A17'));
  assert.equal((await page.textContent('#status')).trim(), '正确！');
  fs.writeFileSync(file, '(;GM[1]FF[4]SZ[9]AB[zz](;B[aa]))');
  await page.click('#problem-list');
  await page.setInputFiles('#open-problems', file);
  await page.waitForSelector('.notice[role="alert"]');
  assert.match(await page.textContent('.notice[role="alert"]'), /题目文件无法读取/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a problem solved after two wrong answers and a retry says only 正确, its help gone', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#open-problems');
  const file = '/tmp/shoutan-problem-retry.sgf';
  fs.writeFileSync(file, '(;GM[1]FF[4]SZ[19]AB[ba][bb][cb]AW[aa][ab]VW[aa:ee]C[Black to kill]PL[B]' +
    '(;B[ac]C[RIGHT])(;B[dd]BM[1];W[ac]))');
  await page.setInputFiles('#open-problems', file);
  await page.waitForSelector('#question');
  const helpMarks = (kind) => page.$$eval(`.help-layer [data-help="${kind}"]`, (els) => els.map((e) => e.dataset.vertex));
  // Two wrong answers: the second rings the way and says so.
  await page.click(cell('A15'));
  assert.match(await page.textContent('#status'), /^不对/);
  await page.click(cell('B15'));
  assert.match(await page.textContent('#status'), /先下画了圈的点/);
  assert.deepEqual(await helpMarks('ring'), ['A17']);
  // A retry, the ringed point: right, and nothing of the help from before.
  await page.click('#problem-retry');
  await page.click(cell('A17'));
  assert.equal((await page.textContent('#status')).trim(), '正确！');
  assert.equal(await page.$$eval('.help-layer [data-help]', (m) => m.length), 0, 'no help drawn');
  await page.screenshot({ path: `${SHOTS}/chromebook-problem-solved-after-retry.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/phone-problem-solved-after-retry.png` });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('capture Go from 学下棋: the new-game dialog opens on it, against 入门', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.click('#learn-capture-go');
  await page.waitForSelector('#start-game');
  assert.equal(await page.getAttribute('#kind-capture', 'aria-pressed'), 'true');
  assert.equal(await page.getAttribute('#vs-computer', 'aria-pressed'), 'true');
  assert.equal(await page.inputValue('#level'), '25k');
  assert.equal(await page.getAttribute('button[data-size="7"]', 'aria-pressed'), 'true');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('when 学下棋 cannot be loaded (the network, before it was cached) the page says so, nothing covers it, and the next try loads it', async () => {
  // (No service worker: it would fetch and cache 学下棋 by itself, past the page's routes.)
  const page = await newPage(app.browser, { ...CHROMEBOOK, serviceWorkers: 'block' });
  // Its script first, then (the script got) its wasm.
  await page.route(/learn\.js$/, (r) => r.abort());
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('.notice[role="alert"]');
  assert.match(await page.textContent('.notice[role="alert"]'), /没能载入/);
  assert.equal(await page.locator('#learn-root').count(), 0, 'no empty screen over the home screen');
  await page.unroute(/learn\.js$/);
  await page.route(/learn_bg\.wasm$/, (r) => r.abort());
  await page.click('.notice button');
  await page.click('#learn');
  await page.waitForSelector('.notice[role="alert"]');
  assert.match(await page.textContent('.notice[role="alert"]'), /没能载入/);
  assert.equal(await page.locator('#learn-root').count(), 0);
  // A file opened meanwhile: the same, and the "opening" line goes.
  await page.click('.notice button');
  await page.setInputFiles('#open-sgf', { name: 'a.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from('(;GM[1]SZ[9];B[ee])') });
  await page.waitForSelector('.notice[role="alert"]');
  assert.equal((await page.textContent('#import-status')).trim(), '');
  await page.unroute(/learn_bg\.wasm$/);
  await page.click('.notice button');
  await page.click('#learn');
  await page.waitForSelector('#learn-close');
  assert.deepEqual(page.errors.filter((e) => !/learn_bg|Failed to fetch|ERR_FAILED|WebAssembly/.test(e)), []);
  await page.context().close();
});
