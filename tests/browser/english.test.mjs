// One language at a time (issue 41): the English UI shows no Chinese outside player names and
// the few terms it keeps on purpose, each with its English gloss (listed in the README:
// 读秒 beside byo-yomi, 子 beside stones in a count, 复盘 beside review, the rules' articles
// in 规则原文's fold). The Chinese UI shows no SGF notation (B+, W+).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, point, presetSettings } from './harness.mjs';

const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };

// The glossed terms the English UI keeps (README: "Words the English UI keeps").
// 中文 is the language switch, named in its own language.
const KEPT = ['读秒', '子', '复盘', '手谈', '中文'];

/** The visible text's Chinese characters, outside the kept terms and the given names. */
async function chinese(page, names = []) {
  const text = await page.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const n = walk.currentNode;
      const el = n.parentElement;
      if (!el || el.closest('[hidden], details:not([open]) > :not(summary), [aria-hidden="true"], script, style, noscript')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      out.push(n.textContent);
    }
    return out.join('\n');
  });
  let rest = text;
  for (const k of [...names, ...KEPT]) rest = rest.split(k).join('');
  // Each with the words around it, to say where it is.
  return [...new Set(rest.match(/.{0,20}[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]+.{0,20}/g) ?? [])];
}

test('the English UI: home, game, result, 学下棋, a lesson, a problem and 复盘 without Chinese', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page, { lang: 'en' });
  await page.goto(app.srv.url);
  await page.waitForSelector('#new-game');
  assert.deepEqual(await chinese(page), [], 'home');
  await page.click('#new-game');
  await page.waitForSelector('#start-game');
  assert.deepEqual(await chinese(page), [], 'new game');
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
  for (const v of ['E5', 'D4', 'E4', 'D5']) await page.click(point(v));
  assert.deepEqual(await chinese(page), [], 'game');
  for (let i = 0; i < 2; i += 1) {
    await page.click('#pass');
    await page.click('#dialog-yes');
  }
  await page.waitForSelector('#confirm-count');
  assert.deepEqual(await chinese(page), [], 'counting');
  await page.click('#confirm-count');
  await page.click('#confirm-count');
  await page.waitForSelector('#result');
  assert.deepEqual(await chinese(page), [], 'result');
  await page.click('#review-this');
  await page.waitForSelector('#review-move');
  assert.deepEqual(await chinese(page), [], 'review');
  await page.goto(`${app.srv.url}#/learn`);
  await page.waitForSelector('#course');
  assert.deepEqual(await chinese(page), [], 'learn');
  await page.click('.lesson-button >> nth=0');
  await page.click('button[data-answer="3"]');
  assert.deepEqual(await chinese(page), [], 'a lesson and its help');
  await page.goto(`${app.srv.url}#/learn/problems/1/1`);
  await page.waitForSelector('#question');
  await page.click('#learn-root svg.goban rect[data-vertex="A1"]');
  assert.deepEqual(await chinese(page), [], 'a problem');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
