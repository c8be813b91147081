// Records and problems as others write them (issue 23): a problem file in the main-line
// convention (the Ten Thousand Tsumego way: no marks, "Black to play" on the first move) is
// cropped, asks its question, is solved by its line and failed by another move; a joseki file
// with nested variations is walked in review into a branch of a branch (letters on the board,
// the branch list, the keys, the tree of variations), exported, and the export is the same
// tree as the file (compared by sgfmill, an independent reader).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { useApp, newPage, SHOTS } from './harness.mjs';

const app = useApp();
const here = path.dirname(new URL(import.meta.url).pathname);
const DATA = path.resolve(here, '../data');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const CHROMEBOOK = { viewport: { width: 1366, height: 768 }, acceptDownloads: true };
const cell = (v) => `#learn-root svg.goban rect[data-vertex="${v}"]`;

test('a main-line problem file: cropped, its question shown, solved by its line, failed by another move', async () => {
  const page = await newPage(app.browser, PHONE);
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#open-problems');
  await page.setInputFiles('#open-problems', `${DATA}/problems/cho-elementary-style.sgf`);
  await page.waitForSelector('#question');
  assert.equal((await page.textContent('#question')).trim(), 'Black to play: Elementary');
  // Cropped to the lower right corner: columns and rows 12–18 with the coordinates' margin.
  assert.equal(await page.getAttribute('#learn-root svg.goban', 'viewBox'), '1055 1055 890 890');
  await page.screenshot({ path: `${SHOTS}/phone-problem-cropped.png` });
  await page.tap(cell('S1'));
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('R1'));
  assert.match(await page.textContent('#status'), /白 R1/);
  await page.tap(cell('Q1'));
  assert.equal((await page.textContent('#status')).trim(), '正确！');
  await page.click('#problem-retry');
  await page.tap(cell('O1'));
  assert.match(await page.textContent('#status'), /不对/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('many problem files chosen at once open as one set', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#open-problems');
  await page.setInputFiles('#open-problems', [
    `${DATA}/problems/chinese-collection.sgf`, `${DATA}/problems/lee-tesuji-style.sgf`,
  ]);
  await page.waitForSelector('#question');
  assert.equal((await page.textContent('#question')).trim(), '黑先活');
  assert.match(await page.textContent('#problem-title'), /chinese-collection\.sgf \+1/);
  await page.click('#problem-next');
  assert.equal((await page.textContent('#question')).trim(), '白先杀');
  await page.click('#problem-next');
  assert.equal((await page.textContent('#question')).trim(), '白先');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a record with nested variations: into a branch of a branch in review, exported as the same tree', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  const file = `${DATA}/roundtrip/cgoban-joseki.sgf`;
  await page.setInputFiles('#open-sgf', file);
  await page.waitForSelector('#review-move');
  await page.click('#review-start');
  await page.focus('.board-wrap');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // A fork after W R17: three answers, lettered on the board and listed.
  assert.equal(await page.locator('button.variation').count(), 3);
  for (const [letter, v] of [['A', 'Q17'], ['B', 'N17'], ['C', 'Q14']]) {
    assert.equal(await page.getAttribute(`svg.goban text[data-label="${letter}"]`, 'data-vertex'), v);
  }
  await page.screenshot({ path: `${SHOTS}/chromebook-review-fork.png` });
  // B: the pincer, then its own fork; the key 'b' takes the second branch there.
  await page.click('button.variation[data-branch="B"]');
  assert.match(await page.textContent('#review-note'), /The pincer/);
  assert.match(await page.textContent('#review-move'), /第 3 \/ 10 · 变化 B/);
  await page.focus('.board-wrap');
  await page.keyboard.press('b');
  assert.match(await page.textContent('#review-move'), /第 4 \/ 8 · 变化 B › B/);
  await page.keyboard.press('End');
  assert.match(await page.textContent('#review-note'), /A corner for White/);
  assert.match(await page.textContent('#review-move'), /第 8 \/ 8/);
  // ↑ and ↓ switch between the variations of a move; Home is the start.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#review-move'), /第 3 \/ 7 · 黑 Q17/);
  await page.keyboard.press('ArrowDown');
  assert.match(await page.textContent('#review-move'), /变化 B/);
  await page.keyboard.press('ArrowUp');
  assert.doesNotMatch(await page.textContent('#review-move'), /变化/);
  await page.keyboard.press('Home');
  assert.match(await page.textContent('#review-move'), /第 0 \//);
  // The tree of variations: every stretch a button, the one shown marked current.
  await page.click('#review-tree summary');
  const items = await page.locator('#review-tree .tree-item').count();
  assert.ok(items >= 8, `${items} stretches`);
  await page.click('#review-tree .tree-item >> text=/Q14/');
  assert.match(await page.textContent('#review-note'), /calm answer/);
  assert.match(await page.textContent('#review-tree .tree-item[aria-current="true"]'), /Q14/);
  await page.click('#main-line');
  assert.doesNotMatch(await page.textContent('#review-move'), /变化/);
  // Exported, the file is the same tree as the one imported.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#review-export')]);
  const exported = await download.path();
  const pairs = '/tmp/shoutan-tree-pairs.txt';
  fs.writeFileSync(pairs, `${file}\t${exported}\n`);
  const cmp = spawnSync('python3', [path.resolve(here, '../sgf_roundtrip.py'), pairs], { encoding: 'utf8' });
  assert.equal(cmp.status, 0, cmp.stdout + cmp.stderr);
  assert.match(cmp.stdout, /28 nodes compared, 0 differences/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('review on a phone at a fork', async () => {
  const page = await newPage(app.browser, PHONE);
  await page.goto(app.srv.url);
  await page.setInputFiles('#open-sgf', `${DATA}/roundtrip/multigo-lecture.sgf`);
  await page.waitForSelector('#review-move');
  await page.click('#review-start');
  for (let i = 0; i < 8; i++) await page.click('#review-next');
  assert.equal(await page.locator('button.variation').count(), 2);
  await page.click('button.variation[data-branch="A"]');
  await page.click('#review-next');
  await page.screenshot({ path: `${SHOTS}/phone-review-fork.png`, fullPage: true });
  assert.equal(await page.locator('button.variation').count(), 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
