// A teacher's imported set graded by the ranked opponents (issue 53, item 5): three framed
// problems of 题海 (tests/data/problems/graded-framed.sgf: two of 25–21 级, one of 10–6) are imported
// into 学下棋; once the reader has checked each, the bot's worker grades it (the weakest of
// 25 级 … 1 级 that plays a right first move in 8 of 10 tries), each grade fills in beside its
// problem and the set's line says its band (the median's) — in Chinese, then in English on a
// fresh device (the twelve built-in life-and-death problems imported as a file). The
// grades are kept with the stored set: the list opened again says the band at once. At
// 1366×768 and 390×844, with screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useApp, newPage, SHOTS, presetSettings, axeViolations as axe } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const FILE = path.resolve(here, '../data/problems/graded-framed.sgf');
const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
// The network arrives in the worker, then three problems of up to 60 tries each.
const GRADED = { timeout: 180000, polling: 500 };

const ZH_BAND = /^(这套题大约 (25–21|20–16|15–11|10–6|5–1) 级|电脑没法给这套题定级：大多数题它自己也做不对)$/;
const EN_BAND = /^(This set is about (25–21|20–16|15–11|10–6|5–1) kyu|The computer cannot grade this set: it cannot solve most of it itself)$/;

/** Imports `file` and opens the list: the imported set's section. */
async function imported(page, file = FILE) {
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#open-problems');
  await page.setInputFiles('#open-problems', file);
  await page.waitForSelector('#question');
  await page.click('#problem-list');
  return page.locator('.problem-set').last();
}

/** Waits until the last set's grade line is final (not the progress), and returns it. */
async function bandLine(page) {
  await page.waitForFunction(() => {
    const s = [...document.querySelectorAll('.problem-set')].pop()?.querySelector('.set-grade');
    return s && !/…/.test(s.textContent);
  }, null, GRADED);
  return (await page.locator('.problem-set').last().locator('.set-grade').textContent()).trim();
}

/** The band a line names, as its numbers ("15–11"), or "hard". */
const bandOf = (line) => (line.match(/(\d+–\d+)/) || ['', 'hard'])[1];

/** The band of the median of problems' grades (kyu numbers, 0: not graded) over those graded:
 * the easier of the two middle ones when there is an even number, "hard" (not graded) when
 * more than half are not, as learn/tihai/set_grade.rs. */
function medianBand(kyu) {
  const graded = kyu.filter((k) => k > 0).sort((a, b) => b - a);
  if (graded.length * 2 < kyu.length) return 'hard';
  const median = graded[Math.floor((graded.length - 1) / 2)];
  return { 25: '25–21', 20: '20–16', 15: '15–11', 10: '10–6', 5: '5–1', 1: '5–1' }[median];
}

for (const [name, options] of [['chromebook', CHROMEBOOK], ['phone', PHONE]]) {
  test(`an imported set is graded on a ${name}: each problem's grade beside it, the set's band on its line, kept`, async () => {
    const page = await newPage(app.browser, options);
    const set = await imported(page);
    const line = await bandLine(page);
    assert.match(line, ZH_BAND);
    // Each problem's grade: under its number (drawn from data-grade, the button's text stays
    // its number) and in its label for screen readers; the line is the median's band.
    const buttons = set.locator('.problem-button');
    assert.deepEqual(await buttons.allTextContents(), ['1', '2', '3']);
    const marks = await buttons.evaluateAll((b) => b.map((x) => x.dataset.grade));
    const labels = await buttons.evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')));
    const kyu = [];
    marks.forEach((m, i) => {
      assert.match(m, /^(\d+级|–)$/, `problem ${i + 1}: ${m}`);
      const k = m.match(/^(\d+)级$/);
      kyu.push(k ? Number(k[1]) : 0);
      assert.match(labels[i], k ? new RegExp(`大约 ${k[1]} 级`) : /电脑没法定级/, labels[i]);
    });
    // The median's band (the larger kyu number is the easier problem).
    assert.equal(bandOf(line), medianBand(kyu), `${marks} → ${line}`);
    // The grade mark drawn under the number fits in the button.
    const fits = await buttons.evaluateAll((b) => b.every((x) => x.scrollWidth <= x.clientWidth + 1));
    assert.ok(fits, 'the grade fits its button');
    await set.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-graded-import.png` });
    assert.deepEqual(await axe(page), [], 'axe on the graded list');
    // Kept with the set: 学下棋 opened again says the band at once, the grades beside.
    await page.goto(app.srv.url);
    await page.click('#learn');
    await page.locator('.problem-set').last().locator('.set-grade').waitFor({ timeout: 5000 });
    assert.equal((await page.locator('.problem-set').last().locator('.set-grade').textContent()).trim(), line);
    assert.deepEqual(await page.locator('.problem-set').last().locator('.problem-button')
      .evaluateAll((b) => b.map((x) => x.dataset.grade)), marks);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

// In English, a bigger set: the twelve built-in life-and-death problems imported as a file.
const LIFE = path.resolve(here, '../../src/learn/problems/life.sgf');

test('in English the set is graded in English', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page, { lang: 'en' });
  const set = await imported(page, LIFE);
  const line = await bandLine(page);
  assert.match(line, EN_BAND);
  const marks = await set.locator('.problem-button').evaluateAll((b) => b.map((x) => x.dataset.grade));
  assert.equal(marks.length, 12);
  marks.forEach((m) => assert.match(m, /^(\d+k|–)$/));
  const kyu = marks.map((m) => Number((m.match(/^(\d+)k$/) || ['', '0'])[1]));
  assert.equal(bandOf(line), medianBand(kyu), `${marks} → ${line}`);
  const labels = await set.locator('.problem-button').evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')));
  labels.forEach((l) => assert.match(l, /(about \d+ kyu|the computer could not grade it)/));
  await page.screenshot({ path: `${SHOTS}/chromebook-graded-import-en.png` });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
