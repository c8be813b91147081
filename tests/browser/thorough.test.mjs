// 复盘's thorough pass (issue 42): after the quick pass, the workers search every position again
// while the pupil reads; the lists and the words update in place (the words being read do not
// move), a quiet line under the lists says how far it has got, closing the review stops it and
// a reload resumes it from the stored visits; a device with one core still analyses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useApp, newPage } from './harness.mjs';

const app = useApp();
const here = path.dirname(new URL(import.meta.url).pathname);
const GAME = path.resolve(here, '../data/review/ladder-5k-1k.sgf');
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };
const thorough = (page) => page.evaluate(() => {
  const line = document.querySelector('#analysis-thorough');
  return line ? { done: Number(line.dataset.done), of: Number(line.dataset.of) } : null;
});

/** Opens the test game in review, and pretends the device has `cores` cores. */
async function openGame(cores) {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
  }, cores);
  await page.goto(app.srv.url);
  await page.setInputFiles('#open-sgf', GAME);
  await page.waitForSelector('#review-move');
  return page;
}

test('the thorough pass refines the lists while a mistake is read, stops on close and resumes after a reload', async () => {
  const page = await openGame(3);
  await page.click('#review-analyse');
  await page.waitForFunction(() => /快速看完了|分析完成/.test(document.querySelector('#analysis-note')?.textContent || ''),
    null, { timeout: 240000, polling: 200 });
  // The quick pass is shown; the thorough one goes on, said quietly under the lists.
  await page.waitForSelector('#analysis-thorough', { timeout: 60000 });
  assert.match(await page.textContent('#analysis-thorough'), /电脑在更仔细地看每一手：\d+ \/ 72/);
  assert.ok(await page.isHidden('#review-analyse'), 'no second pass while one runs');
  // The pupil reads a mistake.
  await page.focus('.board-wrap');
  await page.keyboard.press('n');
  await page.waitForSelector('#mistake-here');
  const reading = await page.locator('#mistake-here').boundingBox();
  const listBefore = await page.locator('.mistake-lists').innerText();
  const graphBefore = await page.getAttribute('#lead-graph polyline', 'points');
  const start = await thorough(page);
  // More positions searched, and published (every few seconds): the lists may change, the
  // words read stay where they are.
  await page.waitForFunction((d) => Number(document.querySelector('#analysis-thorough')?.dataset.done) >= d + 4,
    start.done, { timeout: 240000, polling: 250 });
  await page.waitForTimeout(3500);
  const after = await thorough(page);
  assert.ok(after.done > start.done, `${start.done} → ${after.done} positions`);
  assert.notEqual(await page.getAttribute('#lead-graph polyline', 'points'), graphBefore,
    'the graph shows the searched positions\' leads');
  assert.ok(await page.isVisible('#mistake-here'), 'the mistake being read is still there');
  const moved = await page.locator('#mistake-here').boundingBox();
  assert.equal(Math.round(moved.y), Math.round(reading.y), 'the words read did not move');
  const stored = await page.evaluate(() => Object.keys(localStorage)
    .filter((k) => k.startsWith('shoutan.analysis.')).map((k) => localStorage.getItem(k)));
  assert.equal(stored.length, 1);
  console.log(`# thorough pass: ${start.done} → ${after.done} of ${after.of} positions; lists ${listBefore === await page.locator('.mistake-lists').innerText() ? 'unchanged' : 'refined'}`);
  // Closed (home): the workers stop — no more progress is stored.
  await page.click('#review-home');
  await page.waitForSelector('#games');
  const kept = await page.evaluate(() => Object.entries(localStorage)
    .find(([k]) => k.startsWith('shoutan.analysis.'))[1]);
  await page.waitForTimeout(4000);
  const later = await page.evaluate(() => Object.entries(localStorage)
    .find(([k]) => k.startsWith('shoutan.analysis.'))[1]);
  assert.equal(later, kept, 'nothing analysed after the review closed');
  // Opened again after a reload: it resumes from what was stored, not from the start.
  await page.reload();
  await page.click('#games .game-row button.review');
  await page.waitForSelector('#analysis-thorough', { timeout: 60000 });
  const resumed = await thorough(page);
  assert.ok(resumed.done >= after.done, `resumed at ${resumed.done}, had ${after.done}`);
  await page.waitForFunction((d) => Number(document.querySelector('#analysis-thorough')?.dataset.done) > d,
    resumed.done, { timeout: 120000, polling: 250 });
  await page.close();
});

test('a device with one core still analyses (one worker)', async () => {
  const page = await openGame(1);
  await page.click('#review-analyse');
  await page.waitForFunction(() => /快速看完了|分析完成/.test(document.querySelector('#analysis-note')?.textContent || ''),
    null, { timeout: 240000, polling: 200 });
  assert.equal((await page.getAttribute('#lead-graph polyline', 'points')).split(' ').length, 72);
  await page.waitForSelector('#analysis-thorough', { timeout: 60000 });
  const start = await thorough(page);
  await page.waitForFunction((d) => Number(document.querySelector('#analysis-thorough')?.dataset.done) > d,
    start.done, { timeout: 120000, polling: 250 });
  await page.close();
});
