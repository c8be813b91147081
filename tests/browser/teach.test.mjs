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

// A record as another program writes it (Sabaki's conventions: point lists, letters, comments on
// move nodes), imported, stepped to move 2 in review and taken to the teacher's board.
const RECORD = '(;GM[1]FF[4]CA[UTF-8]AP[Sabaki:0.52.2]SZ[9]KM[7.5]RU[Chinese]PB[学生]PW[老师]'
  + ';B[ee];W[cc]C[白挂角]TR[ee][cc];B[gc]LB[dc:A][ec:B];W[ge])';

test('a record from review on the teacher\'s board: marked, commented, saved, projected, drawn as a range, edited and played on', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.setInputFiles('#open-sgf', { name: 'lesson.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(RECORD) });
  await page.waitForSelector('#review-slider');
  await page.click('#review-start');
  await page.click('#review-next');
  await page.click('#review-next');
  // Review shows the node's comment and its marks.
  assert.equal(await page.textContent('#review-note'), '白挂角\n△ E5\n△ C7');
  await page.click('#review-teach');
  // The teacher's board opens on the record at move 2, its marks and comment there.
  await page.waitForSelector('#record-move');
  assert.equal((await page.textContent('#record-move')).trim(), '第 2 / 4');
  assert.match(await page.textContent('#teach-marks'), /E5 △.*C7 △/);
  assert.equal(await page.inputValue('#teach-comment'), '白挂角');
  assert.equal(await page.locator('#learn-root .mark-layer polygon').count(), 2);
  // A presenter's clicker (Page Down/Up) steps through the moves; the marks follow the node.
  await page.focus('#learn-root [role="gridcell"][tabindex="0"]');
  await page.keyboard.press('PageDown');
  assert.equal((await page.textContent('#record-move')).trim(), '第 3 / 4');
  assert.match(await page.textContent('#teach-marks'), /D7 A.*E7 B/);
  await page.keyboard.press('PageUp');
  assert.equal((await page.textContent('#record-move')).trim(), '第 2 / 4');
  // The teacher marks move 2 and comments it; stones of a record are not placed by hand.
  await page.click('#tool-circle');
  await page.click(cell('G7'));
  assert.match(await page.textContent('#teach-marks'), /G7 ○/);
  await page.click('#tool-black');
  await page.click(cell('A1'));
  assert.match(await page.textContent('#teach-status'), /编辑此局面/);
  assert.equal(await page.locator('#learn-root circle[data-stone]').count(), 2);
  await page.fill('#teach-comment', '白挂角，黑夹');
  await page.locator('#teach-comment').blur();
  await page.click('#edit-undo');
  assert.equal(await page.inputValue('#teach-comment'), '白挂角');
  await page.click('#edit-redo');
  assert.equal(await page.inputValue('#teach-comment'), '白挂角，黑夹');
  await page.screenshot({ path: `${SHOTS}/chromebook-teach-record.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/phone-teach-record.png` });
  await page.setViewportSize(CHROMEBOOK.viewport);
  // Saved into the game: the game list's record has the new mark and comment.
  await page.click('#save-record');
  assert.match(await page.textContent('#teach-status'), /已保存/);
  const stored = await page.evaluate(() => {
    const index = JSON.parse(localStorage.getItem('shoutan.index'));
    return JSON.parse(localStorage.getItem('shoutan.game.' + index[index.length - 1]));
  });
  // The record's tree: move 2's node has the new mark and the comment, the old marks kept.
  const node = stored.tree.split(';').find((n) => n.startsWith('W[cc]'));
  for (const p of ['CR[gc]', 'C[白挂角，黑夹]', 'TR[ee][cc]']) assert.ok(node.includes(p), `${p} in ${node}`);
  assert.equal(stored.moves.length, 4);
  // A range of moves as a printed diagram: moves 3–4 numbered from 1, stones before unnumbered.
  await page.click('#record-end');
  await page.fill('#diagram-from', '2');
  await page.locator('#diagram-from').blur();
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
  const svg = fs.readFileSync(await download.path(), 'utf8');
  const numbers = [...svg.matchAll(/data-number="(\d+)"/g)].map((m) => m[1]);
  assert.deepEqual(numbers, ['1', '2']);
  const stones = [...svg.matchAll(/data-vertex="([A-T]\d+)" data-stone="([BW])"/g)].map((m) => `${m[2]} ${m[1]}`).sort();
  assert.deepEqual(stones, ['B E5', 'B G7', 'W C7', 'W G5']);
  // The projector: the move shown large, the clicker steps back.
  await page.click('#projector');
  assert.equal((await page.textContent('.projector-move')).trim(), '第 4 / 4');
  await page.focus('#learn-root [role="gridcell"][tabindex="0"]');
  await page.keyboard.press('PageUp');
  assert.equal((await page.textContent('.projector-move')).trim(), '第 3 / 4');
  await page.screenshot({ path: `${SHOTS}/chromebook-projector-record.png` });
  await page.keyboard.press('Escape');
  // The position at move 3 into the editor: a stone may be added, then play on (White next).
  await page.click('#edit-position');
  await page.waitForSelector('#to-move-black');
  assert.equal(await page.locator('#learn-root circle[data-stone]').count(), 3);
  await page.click(cell('A1'));
  assert.equal(await page.locator('#learn-root circle[data-stone="B"]').count(), 3);
  await page.click('#play-on');
  await page.waitForSelector('#status');
  assert.match(await page.textContent('#status'), /轮到 白/);
  assert.equal(await page.locator('main svg.goban circle[data-stone="B"]').count(), 3);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
