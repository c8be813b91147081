// 技巧课 (issue 54): a pupil goes through the technique lesson 打吃与长 end to end — the example
// step by step, the tasks with a wrong answer and its help (the reader's refutation, the hint,
// the answer played out), the quiz ticking the lesson, 下一课 — in Chinese and in English; axe
// on the lesson screen; screenshots at 1366×768 and 390×844.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useApp, newPage, presetSettings, SHOTS, axeViolations as axe } from './harness.mjs';

const app = useApp();
const here = path.dirname(new URL(import.meta.url).pathname);
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const cell = (v) => `#learn-root svg.goban rect[data-vertex="${v}"]`;
const helpMarks = (page, kind) => page.$$eval(`.help-layer [data-help="${kind}"]`, (els) => els.map((e) => e.dataset.vertex).sort());

// The right first move of each task of lesson 1 (src/learn/lessons/01-atari.lesson), proved by
// the reader in `cargo test --test lessons`; a choice task by its letter.
const TASKS = ['D3', 'D3', 'D3', 'E3', 'D3', 'C6', 'choice:A'];
const QUIZ = ['D3', 'E4', 'C3'];

async function answer(page, a, touch) {
  if (a.startsWith('choice:')) await page.click(`button[data-choice="${a.slice(7)}"]`);
  else { await page.click(cell(a)); if (touch) await page.waitForTimeout(50); }
}

/** Opens lesson 1 of 技巧课 from 学下棋's page. */
async function openLesson(page) {
  await page.goto(app.srv.url);
  await page.waitForSelector('#learn');
  await page.click('#learn');
  await page.waitForSelector('#techniques');
  await page.click('#techniques .lesson-button >> nth=0');
  await page.waitForSelector('.technique');
}

test('a pupil goes through 打吃与长: example, tasks with help after a wrong answer, the quiz ticks it, 下一课', async () => {
  const page = await newPage(app.browser, PHONE);
  await openLesson(page);
  assert.equal(await page.evaluate(() => location.hash), '#/learn/lesson/9');
  assert.equal((await page.textContent('#lesson-title')).trim(), '打吃与长');
  // The example: three steps, its marks drawn (△ on the white stone, letters A and B).
  assert.match(await page.textContent('#task'), /^例子 1\/3 · 白子△有两口气：A 和 B。/);
  assert.ok(await page.$$eval('#learn-root svg.goban text', (t) => t.some((e) => e.textContent === 'A')), 'the letter A drawn');
  await page.screenshot({ path: `${SHOTS}/phone-technique-example.png` });
  await page.click('#example-next');
  assert.match(await page.textContent('#task'), /^例子 2\/3 · 黑下在 A/);
  assert.equal(await page.$$eval('.mark-layer [data-mark="circle"]', (m) => m.map((e) => e.dataset.vertex).join()), 'D3');
  await page.click('#example-next');
  assert.match(await page.textContent('#task'), /^例子 3\/3/);
  await page.click('#example-back');
  assert.match(await page.textContent('#task'), /^例子 2\/3/);
  await page.click('#example-next');
  await page.click('#tasks-start');
  // Task 1, answered wrong three times: the refutation (C3, then White D3), the hint, the answer.
  assert.match(await page.textContent('#task'), /^练习 1\/7 · 黑先：白子△被打吃了。吃掉它！/);
  await answer(page, 'C3', true);
  assert.match(await page.textContent('#status'), /^不对。你下 1，白就下 2。看看圈起来的白棋：现在有 1 口气。/);
  assert.deepEqual(await helpMarks(page, 'chain'), ['D4']);
  assert.deepEqual(await helpMarks(page, 'liberty'), ['D3']);
  assert.deepEqual(await helpMarks(page, 'count'), ['C3', 'D3']);
  await page.screenshot({ path: `${SHOTS}/phone-technique-wrong.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/chromebook-technique-wrong.png` });
  assert.deepEqual(await axe(page), [], 'axe on the lesson screen with its help');
  await page.setViewportSize({ width: 390, height: 844 });
  await answer(page, 'C3', true);
  assert.match(await page.textContent('#status'), /^不对。数一数白子的气/);
  await answer(page, 'E3', true);
  assert.match(await page.textContent('#status'), /正确答案是 ○/);
  assert.deepEqual(await helpMarks(page, 'ring'), ['D3']);
  // The answer is played out: D3 took the white stone.
  assert.equal(await page.$$eval('#learn-root svg.goban [data-stone="W"]', (s) => s.length), 0, 'the white stone taken');
  await page.click('#task-next');
  assert.equal(await page.$$eval('.help-layer [data-help]', (m) => m.length), 0, 'the next task starts clean');
  // The other tasks right at once.
  for (const [i, a] of TASKS.slice(1).entries()) {
    assert.match(await page.textContent('#task'), new RegExp(`^练习 ${i + 2}/7`));
    await answer(page, a, true);
    assert.match(await page.textContent('#status'), /^对！/, `task ${i + 2}`);
    await page.click(i + 2 < TASKS.length ? '#task-next' : '#quiz-start');
  }
  // The quiz: three tasks right; it ticks the lesson.
  for (const [i, a] of QUIZ.entries()) {
    assert.match(await page.textContent('#task'), new RegExp(`^小测验 ${i + 1}/3`));
    await answer(page, a, true);
    if (i < 2) await page.click('#task-next');
  }
  assert.match(await page.textContent('#status'), /小测验通过了，本课完成！/);
  await page.screenshot({ path: `${SHOTS}/phone-technique-passed.png` });
  const progress = await page.evaluate(() => JSON.parse(localStorage.getItem('shoutan.learn') || '{}'));
  assert.deepEqual(progress['technique:atari'], [0], JSON.stringify(progress));
  // 下一课 names the next lesson and opens it (or, with one lesson, leads to the problems).
  const next = (await page.textContent('#lesson-next')).trim();
  assert.match(next, /^下一课：|^去做每日练习$/);
  await page.click('#lesson-list');
  await page.waitForSelector('#techniques');
  assert.match(await page.textContent('#techniques .lesson-button >> nth=0'), /打吃与长 ✓/);
  assert.match(await page.textContent('#techniques h2'), /已完成 1\//);
  // The home screen's 学下棋 says what comes next: the rules course is not done, so its first
  // lesson; with the rules ticked, the next technique lesson.
  await page.click('#learn-close');
  await page.waitForSelector('#learn[data-next]');
  assert.equal(await page.getAttribute('#learn', 'data-next'), '下一课：棋子的气');
  await page.evaluate(() => {
    const p = JSON.parse(localStorage.getItem('shoutan.learn'));
    p.course = [0, 1, 2, 3, 4, 5, 6, 7];
    localStorage.setItem('shoutan.learn', JSON.stringify(p));
  });
  await page.reload();
  await page.click('#learn');
  await page.waitForSelector('#techniques');
  await page.click('#learn-close');
  await page.waitForFunction(() => document.querySelector('#learn').dataset.next === '下一课：连接与切断');
  await page.screenshot({ path: `${SHOTS}/phone-home-next-lesson.png` });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the same lesson in English', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page, { lang: 'en' });
  await openLesson(page);
  assert.equal((await page.textContent('#lesson-title')).trim(), 'Atari and extending');
  assert.match(await page.textContent('#task'), /^Example 1\/3 · The marked white stone has two liberties, A and B\./);
  await page.screenshot({ path: `${SHOTS}/chromebook-technique-example-en.png` });
  await page.click('#example-next');
  await page.click('#example-next');
  await page.click('#tasks-start');
  await answer(page, 'C3', false);
  assert.match(await page.textContent('#status'), /^Not quite\. You play 1, and White answers at 2\. Look at the circled White stones: one liberty now\./);
  for (const [i, a] of TASKS.entries()) {
    await answer(page, a, false);
    assert.match(await page.textContent('#status'), /^Right!/, `task ${i + 1}`);
    await page.click(i + 1 < TASKS.length ? '#task-next' : '#quiz-start');
  }
  for (const [i, a] of QUIZ.entries()) {
    assert.match(await page.textContent('#task'), new RegExp(`^Quiz ${i + 1}/3`));
    await answer(page, a, false);
    if (i < 2) await page.click('#task-next');
  }
  assert.match(await page.textContent('#status'), /Quiz passed: lesson done!/);
  const body = await page.textContent('#learn-root');
  assert.doesNotMatch(body.replace(/[×○△□✓·]/g, ''), /[\u3400-\u9fff]/, 'no Chinese on the English lesson');
  assert.deepEqual(await axe(page), [], 'axe on the English lesson');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** A pupil's 棋册 (the frozen v2 fixture's games, renamed) with these lesson ticks. */
function bookFile(pupil, progress, idBase) {
  const book = JSON.parse(fs.readFileSync(path.resolve(here, '../data/records/book-v2.json'), 'utf8'));
  book.pupil = pupil;
  book.progress = progress;
  book.games.forEach((g, i) => {
    g.record.black.name = pupil;
    g.record.id = String(idBase + i);
    g.record.created_ms = idBase + i;
  });
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qice-')), `${pupil}.json`);
  fs.writeFileSync(f, JSON.stringify(book, null, 2));
  return f;
}

test('the class report shows which technique lessons each of two pupils finished, from their 棋册', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.waitForSelector('#learn');
  await page.click('#learn');
  await page.click('#open-report');
  await page.setInputFiles('#report-import', [
    bookFile('小明', { 'technique:atari': [0], 'technique:ladder': [0], course: [0, 1] }, 1796000000001),
    bookFile('小红', { 'technique:connect': [0] }, 1796000000101),
  ]);
  await page.waitForFunction(() => document.querySelectorAll('#report-games input:checked').length === 4);
  await page.click('#report-make');
  await page.waitForSelector('#class-report', { timeout: 240000 });
  const line = (name) => page.locator(`.player-report[data-player="${name}"]`).textContent();
  assert.match(await line('小明'), /技巧课 2\/\d+：打吃与长、征子/);
  assert.match(await line('小红'), /技巧课 1\/\d+：连接与切断/);
  await page.locator('.player-report').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/chromebook-class-report-techniques.png` });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('three lessons on a Chromebook and a phone: the example and a task drawn, axe finds nothing', async () => {
  for (const [name, options] of [['chromebook', CHROMEBOOK], ['phone', PHONE]]) {
    const page = await newPage(app.browser, options);
    await page.goto(app.srv.url);
    await page.waitForSelector('#learn');
    await page.click('#learn');
    await page.waitForSelector('#techniques');
    for (const [n, key] of [[10, 'connect'], [11, 'double-atari'], [12, 'ladder']]) {
      await page.evaluate((n) => { location.hash = `#/learn/lesson/${n}`; }, n);
      await page.waitForSelector(`.technique[data-lesson="${key}"]`);
      await page.click('#example-next');
      await page.screenshot({ path: `${SHOTS}/${name}-technique-${key}-example.png` });
      assert.deepEqual(await axe(page), [], `axe on ${key}`);
      while (await page.$('#example-next')) await page.click('#example-next');
      await page.click('#tasks-start');
      await page.screenshot({ path: `${SHOTS}/${name}-technique-${key}-task.png` });
      assert.deepEqual(await axe(page), [], `axe on a task of ${key}`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
