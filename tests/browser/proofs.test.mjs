// A teacher's problem file checked by the reader (issue 52, part 4): five problems written for
// this test (tests/data/problems/teacher-check.sgf, no XG: the goals are read from 黑先活 /
// 白先杀 / 吃掉 / 救出), one whose marked answer is wrong (白先杀 a bent three: the file plays
// the end point H9, after which Black J9 lives) and one the reader cannot decide within its
// budget (an escape in the open 9×9). The list appears at once and the verdicts fill in; the
// teacher is told which problem to look at; the wrong one is flagged in the list and its
// disproving line drawn, numbered, on the board. At 1366×768 and 390×844, with screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useApp, newPage, SHOTS, presetSettings, axeViolations as axe } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const FILE = path.resolve(here, '../data/problems/teacher-check.sgf');
const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

for (const [name, options] of [['chromebook', CHROMEBOOK], ['phone', PHONE]]) {
  test(`a teacher's file of five problems, checked on a ${name}: proved, wrong (its line drawn) and not sure, told apart`, async () => {
    const page = await newPage(app.browser, options);
    await page.goto(app.srv.url);
    await page.click('#learn');
    await page.waitForSelector('#open-problems');
    await page.setInputFiles('#open-problems', FILE);
    // The set opens on its first problem at once; the verdict fills in after.
    await page.waitForSelector('#question');
    assert.equal((await page.textContent('#question')).trim(), '黑先活');
    await page.waitForSelector('#proof.proved');
    assert.equal((await page.textContent('#proof')).trim(), '答案已证明');
    // When the whole set is read, the teacher is told which problem to look at.
    await page.waitForSelector('.notice[role="alert"]', { timeout: 20000 });
    assert.match(await page.textContent('.notice[role="alert"] span'), /^注意：文件里第 2 题的答案可能不对。给学生做之前，请先打开看一看电脑找到的下法。$/);
    await page.click('.notice[role="alert"] button');
    // The list: problem 2 flagged, 4 not sure, the set summed up.
    await page.click('#problem-list');
    const set = page.locator('.problem-set').last();
    await set.scrollIntoViewIfNeeded();
    assert.equal((await set.locator('.proof-summary').textContent()).trim(),
      '电脑检查：3 题答案已证明；第 2 题答案可能不对；第 4 题电脑也没有把握');
    const buttons = set.locator('.problem-button');
    assert.deepEqual(await buttons.allTextContents(), ['1', '2 !', '3', '4 ?', '5']);
    assert.deepEqual(await buttons.evaluateAll((b) => b.map((x) => x.classList.contains('doubtful'))), [false, true, false, false, false]);
    assert.match(await buttons.nth(1).getAttribute('aria-label'), /文件里的答案可能不对$/);
    assert.match(await buttons.nth(3).getAttribute('aria-label'), /电脑也没有把握$/);
    await page.screenshot({ path: `${SHOTS}/${name}-proofs-list.png` });
    assert.deepEqual(await axe(page), [], 'axe on the checked list');
    // Problem 2: the file's answer refuted, the move that works named, the line drawn.
    await buttons.nth(1).click();
    await page.waitForSelector('#proof.doubtful');
    assert.equal((await page.locator('#proof p').textContent()).trim(),
      '文件里的答案可能不对：白 H9 以后，黑 J9 就能活。能做到的是 J9。');
    await page.click('#proof-line');
    assert.equal((await page.textContent('#status')).trim(), '白 H9，黑 J9');
    const numbers = await page.$$eval('#learn-root svg.goban text.num', (t) => t.map((x) => x.textContent));
    // Black's J9 takes the white stone at H9 (move 1): what is left is the 2 that lives.
    assert.deepEqual(numbers, ['2']);
    // Stepped back, move 1 is on the board again.
    await page.click('#proof-back');
    assert.equal((await page.textContent('#status')).trim(), '白 H9');
    assert.deepEqual(await page.$$eval('#learn-root svg.goban text.num', (t) => t.map((x) => x.textContent)), ['1']);
    assert.equal(await page.isDisabled('#proof-back'), true);
    await page.click('#proof-forward');
    assert.equal((await page.textContent('#status')).trim(), '白 H9，黑 J9');
    await page.screenshot({ path: `${SHOTS}/${name}-proofs-wrong.png` });
    assert.deepEqual(await axe(page), [], 'axe on the flagged problem');
    // Problem 4: the computer is not sure; problem 3 is proved.
    await page.click('#problem-next');
    await page.waitForSelector('#proof.proved');
    await page.click('#problem-next');
    await page.waitForSelector('#proof.unsure');
    assert.equal((await page.textContent('#proof')).trim(), '电脑也没有把握');
    await page.screenshot({ path: `${SHOTS}/${name}-proofs-unsure.png` });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('in English the verdicts are said in English', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page, { lang: 'en' });
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#open-problems');
  await page.setInputFiles('#open-problems', FILE);
  await page.waitForSelector('.notice[role="alert"]', { timeout: 20000 });
  assert.match(await page.textContent('.notice[role="alert"] span'), /^Note: the file's answer to problem 2 may be wrong/);
  await page.goto(`${app.srv.url}#/learn/problems/4/2`);
  await page.waitForSelector('#proof.doubtful');
  assert.equal((await page.locator('#proof p').textContent()).trim(),
    "The file's answer may be wrong: after White H9, Black J9 lives. What works: J9.");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
