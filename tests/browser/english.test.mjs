// One language at a time (issues 41, 51): the English UI shows no Chinese outside player names
// and a short glossary (README: "Words the English UI keeps"): 手谈, the app's name, and 中文, the
// language switch named in its own language. Every screen is walked — home and its settings,
// the new-game dialog with its folded part and every custom time system, a timed game, its
// counting and result, 复盘, 学下棋, a lesson with its help and the rule's own words, a problem,
// the teacher's board, the class report, 我的棋册 and the name question — and the words that
// misled are checked as English says them (byo-yomi, ¼ stone, "Black: confirm the count", what
// Black needed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, point, presetSettings, SHOTS } from './harness.mjs';

const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };

// The glossary (README: "Words the English UI keeps"). 中文 is the language switch.
const GLOSSARY = ['手谈', '中文'];

/** The visible text's Chinese characters (and the options of its lists), outside the glossary
 * and the given names. */
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
    // What screen readers say of the controls too.
    for (const e of document.querySelectorAll('[aria-label]')) {
      if (!e.closest('[hidden]') && e.getClientRects().length > 0) out.push(e.getAttribute('aria-label'));
    }
    for (const o of document.querySelectorAll('select option')) {
      if (o.parentElement.getClientRects().length > 0) out.push(o.textContent);
    }
    return out.join('\n');
  });
  let rest = text;
  for (const k of [...names, ...GLOSSARY]) rest = rest.split(k).join('');
  // Each with the words around it, to say where it is.
  return [...new Set(rest.match(/.{0,20}[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]+.{0,20}/g) ?? [])];
}

test('the English UI: every screen without Chinese outside names and the glossary', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page, { lang: 'en' });
  await page.goto(app.srv.url);
  await page.waitForSelector('#new-game');
  assert.deepEqual(await chinese(page), [], 'home');
  await page.click('#settings-toggle');
  assert.deepEqual(await chinese(page), [], 'settings');
  await page.keyboard.press('Escape');
  await page.click('#new-game');
  await page.waitForSelector('#start-game');
  await page.click('#more-settings > summary');
  assert.deepEqual(await chinese(page), [], 'new game, its folded part open');
  // Komi in points with the stones beside, a stone or less in the singular.
  assert.equal((await page.textContent('button[data-komi="0.5"]')).trim(), '0.5 points (¼ stone)');
  assert.equal((await page.textContent('button[data-komi="7.5"]')).trim(), '7.5 points (3¾ stones)');
  // The time systems: byo-yomi, in English.
  assert.equal((await page.textContent('#time-control option[value="club"]')).trim(), '60 min + 1 min byo-yomi');
  await page.selectOption('#time-control', 'custom');
  for (const kind of await page.$$eval('#custom-kind option', (os) => os.map((o) => o.value))) {
    await page.selectOption('#custom-kind', kind);
    assert.deepEqual(await chinese(page), [], `custom time: ${kind}`);
  }
  await page.selectOption('#time-control', 'club');
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  await page.waitForSelector(point('E5'));
  for (const v of ['E5', 'D4', 'E4', 'D5']) await page.click(point(v));
  assert.deepEqual(await chinese(page), [], 'a timed game');
  for (let i = 0; i < 2; i += 1) {
    await page.click('#pass');
    await page.click('#dialog-yes');
  }
  await page.waitForSelector('#confirm-count');
  assert.deepEqual(await chinese(page), [], 'counting');
  assert.match((await page.textContent('#confirm-count')).trim(), /^(Black|White): confirm the count$/);
  await page.click('#confirm-count');
  await page.click('#confirm-count');
  await page.waitForSelector('#result');
  assert.deepEqual(await chinese(page), [], 'result');
  assert.match((await page.textContent('#result-needed')).trim(),
    /^Black has \d+(¼|½|¾)? stones; more than 44¼ were needed to win \(komi included: 7\.5 points = 3¾ stones\)$/);
  await page.screenshot({ path: `${SHOTS}/english-result.png` });
  await page.click('#review-this');
  await page.waitForSelector('#review-move');
  assert.deepEqual(await chinese(page), [], 'review');

  // 学下棋: its page, a lesson with its help and the rule's own words, a problem.
  await page.goto(`${app.srv.url}#/learn`);
  await page.waitForSelector('#course');
  assert.deepEqual(await chinese(page), [], 'learn');
  assert.match(await page.textContent('#learn-root'), /2\. Clever moves \(tesuji\)/);
  await page.click('.lesson-button >> nth=0');
  await page.click('button[data-answer="3"]');
  await page.click('.rule-text > summary');
  assert.match(await page.textContent('.rule-text'), /General rules, article 3: liberties\s*The empty points right next to a stone/);
  assert.deepEqual(await chinese(page), [], 'a lesson, its help and its rule');
  await page.screenshot({ path: `${SHOTS}/english-rule-text.png` });
  await page.goto(`${app.srv.url}#/learn/lesson/8`);
  await page.waitForSelector('#lesson-title');
  await page.click('.rule-text > summary');
  assert.match(await page.textContent('.rule-text'), /Competition rules, article 2: komi\s*To make up for the advantage of playing first/);
  assert.deepEqual(await chinese(page), [], 'the last lesson and its rule');
  await page.goto(`${app.srv.url}#/learn/problems/2/1`);
  await page.waitForSelector('#question');
  await page.click('#learn-root svg.goban rect[data-vertex="A1"]');
  assert.deepEqual(await chinese(page), [], 'a problem');
  // The teacher's tools and the pupil's book.
  for (const [where, ready] of [['/teach', '#teach-close'], ['/report', '#report-close'], ['/book', '#book'], ['/name', '#pupil-name']]) {
    await page.goto(`${app.srv.url}#${where}`);
    await page.waitForSelector(ready);
    assert.deepEqual(await chinese(page), [], where);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
