// The teacher's board (issue 16), in 学下棋's wasm: a position set up and marked by clicks,
// turned, exported as SVG (read back: stones and marks where expected), printed on an A4 sheet,
// projected, and played on from as a game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useApp, newPage, SHOTS } from './harness.mjs';

const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };
const cell = (v) => `#learn-root svg.goban rect[data-vertex="${v}"]`;

async function openTeach(page) {
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.click('#open-teach');
  await page.waitForSelector('#teach-title');
}

test('a teacher sets up a position, marks it, turns it, exports SVG and plays on from it', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await openTeach(page);
  // Black stones at C3 and D4, a white one at F6 (tool: white), a triangle on D4, letters A, B.
  await page.click(cell('C3'));
  await page.click(cell('D4'));
  await page.click('#tool-white');
  await page.click(cell('F6'));
  await page.click('#tool-triangle');
  await page.click(cell('D4'));
  await page.click('#tool-letter');
  await page.click(cell('E5'));
  await page.click(cell('G3'));
  assert.equal(await page.locator('#learn-root circle[data-stone="B"]').count(), 2);
  assert.equal(await page.locator('#learn-root circle[data-stone="W"]').count(), 1);
  assert.match(await page.textContent('#teach-marks'), /D4 △.*E5 A.*G3 B/);
  // Undo the last letter, redo it.
  await page.click('#edit-undo');
  assert.doesNotMatch(await page.textContent('#teach-marks'), /G3/);
  await page.click('#edit-redo');
  assert.match(await page.textContent('#teach-marks'), /G3 B/);
  await page.click('#to-move-white');
  await page.fill('#teach-comment', '白先');
  await page.locator('#teach-comment').blur();
  // Turned for viewing: the stone at C3 shows at G3's... a quarter turn clockwise takes C3 to C7.
  await page.click('#view-rotate');
  assert.equal(await page.locator(`${cell('C7')}`).getAttribute('aria-label'), 'C7，黑子');
  await page.screenshot({ path: `${SHOTS}/chromebook-teach-board.png` });
  // Applied to the position: the record now has the stone at C7.
  await page.click('#view-apply');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
  const svg = fs.readFileSync(await download.path(), 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  const stones = [...svg.matchAll(/data-vertex="([A-T]\d+)" data-stone="([BW])"/g)].map((m) => `${m[2]} ${m[1]}`).sort();
  assert.deepEqual(stones, ['B C7', 'B D6', 'W F4']);
  const marks = [...svg.matchAll(/data-mark="(\w+)" data-vertex="([A-T]\d+)"/g)].map((m) => `${m[1]} ${m[2]}`).sort();
  assert.deepEqual(marks, ['LB C3', 'LB E5', 'TR D6']);
  // On the A4 sheet (twice), ready to print.
  await page.click('#sheet-add');
  await page.click('#sheet-add');
  assert.equal(await page.locator('.print-sheet .sheet-diagram svg').count(), 2);
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${SHOTS}/chromebook-print-sheet.png`, fullPage: true });
  assert.equal(await page.locator('.print-sheet').evaluate((e) => getComputedStyle(e).display), 'grid');
  await page.emulateMedia({ media: 'screen' });
  // The projector view: the board alone, Escape leaves it.
  await page.click('#projector');
  assert.ok(!(await page.isVisible('#teach-title')));
  await page.screenshot({ path: `${SHOTS}/chromebook-projector.png` });
  await page.focus('#learn-root [role="gridcell"][tabindex="0"]');
  await page.keyboard.press('Escape');
  assert.ok(await page.isVisible('#teach-title'));
  // Play on: a game starts from the position, White to move.
  await page.click('#play-on');
  await page.waitForSelector('#status');
  assert.match(await page.textContent('#status'), /轮到 白/);
  assert.equal(await page.locator('main svg.goban circle[data-stone="B"]').count(), 2);
  await page.click('main svg.goban rect[data-vertex="E3"]');
  assert.equal(await page.locator('main svg.goban circle[data-stone="W"]').count(), 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
