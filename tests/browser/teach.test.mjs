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

// Issue 51: the teacher's board is kept like a game. The position — 8 stones, △ on the
// white stone in atari, A (takes it) and B (only ataris another), a ×, and the question — is
// there after a reload, after leaving the board and coming back (by its list and by Back),
// under the name the teacher gave it, and exported as SGF with that name.
const QUESTION = '黑先：A 和 B 哪一手能吃掉△白子？';
const hashOf = (page) => page.evaluate(() => location.hash);

async function setUpLesson(page) {
  await page.click('#tool-black');
  for (const v of ['C4', 'D5', 'E4', 'C6']) await page.click(cell(v));
  await page.click('#tool-white');
  for (const v of ['D4', 'E5', 'F3', 'G5']) await page.click(cell(v));
  await page.click('#tool-triangle');
  await page.click(cell('D4'));
  await page.click('#tool-letter');
  await page.click(cell('D3'));
  await page.click(cell('F5'));
  await page.click('#tool-cross');
  await page.click(cell('E6'));
  // Typed (input events), not left: kept at each keystroke.
  await page.locator('#teach-comment').pressSequentially(QUESTION);
}

/** The board as the screen shows it: stones, marks, question, name. */
async function shown(page) {
  const stones = await page.locator('#learn-root svg.goban circle[data-stone]').evaluateAll((cs) => cs.length);
  return {
    stones,
    marks: (await page.textContent('#teach-marks')).trim(),
    question: await page.inputValue('#teach-comment'),
    name: await page.inputValue('#board-name'),
  };
}

const LESSON = {
  stones: 8,
  marks: '标记：D4 △，D3 A，F5 B，E6 ×',
  question: QUESTION,
  name: '第三课 吃子',
};

test('the teacher\'s board is kept: after a reload, after leaving it and coming back, and as SGF', async () => {
  const page = await newPage(app.browser, { ...CHROMEBOOK, acceptDownloads: true });
  await openTeach(page);
  assert.equal(await hashOf(page), '#/teach', 'a new board, not kept while empty');
  assert.equal(await page.locator('#teach-boards').count(), 0);
  await setUpLesson(page);
  // Kept from its first stone: named in the address, given a name until the teacher gives one.
  assert.match(await hashOf(page), /^#\/teach\/\d{13}$/);
  const address = await hashOf(page);
  assert.equal(await page.inputValue('#board-name'), '棋盘 1');
  assert.match(await page.textContent('#board-saved'), /自动保存/);
  await page.fill('#board-name', LESSON.name);
  assert.deepEqual(await shown(page), LESSON);

  // A reload: the same board, at the same address.
  await page.reload();
  await page.waitForSelector('#teach-title');
  assert.equal(await hashOf(page), address);
  assert.deepEqual(await shown(page), LESSON, 'after a reload');
  assert.equal(await page.locator('#learn-root .mark-layer polygon').count(), 1, '△ drawn');

  // Left for 学下棋's page: the board is listed there by its name, and opens again.
  await page.click('#teach-close');
  await page.waitForSelector('#teach-boards');
  const rows = await page.locator('#teach-boards .board-row').evaluateAll((rs) => rs.map((r) => r.textContent));
  assert.equal(rows.length, 1);
  assert.match(rows[0], /第三课 吃子/);
  assert.match(rows[0], /9×9 · 8 子 · 黑先：A 和 B 哪一手能吃掉△白子？/);
  await page.click('#teach-boards .open-board');
  await page.waitForSelector('#teach-title');
  assert.equal(await hashOf(page), address);
  assert.deepEqual(await shown(page), LESSON, 'opened from the list');
  // Back and Forward: the page, then the board again.
  await page.goBack();
  await page.waitForSelector('#teach-boards');
  await page.goForward();
  await page.waitForSelector('#teach-title');
  assert.deepEqual(await shown(page), LESSON, 'after Back and Forward');

  // Changed after coming back (undo works on what is done now), and kept again.
  await page.click('#tool-circle');
  await page.click(cell('G7'));
  await page.click('#edit-undo');
  await page.reload();
  await page.waitForSelector('#teach-title');
  assert.deepEqual(await shown(page), LESSON, 'the undone circle is not kept');

  // SGF: the position, the marks, the question and the name, each property's values compared
  // as sets (the writer's order is its own).
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-teach-sgf')]);
  assert.equal(download.suggestedFilename(), '第三课 吃子.sgf');
  const sgf = fs.readFileSync(await download.path(), 'utf8');
  const values = (id) => {
    const m = sgf.match(new RegExp(`(?:^|[;\\]\\s])${id}((?:\\[[^\\]]*\\]\\s*)+)`));
    return m ? [...m[1].matchAll(/\[([^\]]*)\]/g)].map((v) => v[1]).sort() : [];
  };
  assert.deepEqual(values('AB'), ['cd', 'cf', 'de', 'ef'], sgf);
  assert.deepEqual(values('AW'), ['df', 'ee', 'fg', 'ge'], sgf);
  assert.deepEqual(values('TR'), ['df']);
  assert.deepEqual(values('LB'), ['dg:A', 'fe:B']);
  assert.deepEqual(values('MA'), ['ed']);
  assert.deepEqual(values('C'), [QUESTION]);
  assert.deepEqual(values('GN'), ['第三课 吃子']);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('two boards kept for one lesson: listed by name, renamed, deleted with undo; a deleted board\'s address goes home', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await openTeach(page);
  await page.click(cell('E5'));
  await page.fill('#teach-comment', '第一题');
  const first = await hashOf(page);
  await page.click('#teach-close');
  // A second board: a new one, a number of its own.
  await page.click('#open-teach');
  await page.waitForSelector('#teach-title');
  assert.equal(await hashOf(page), '#/teach');
  assert.equal(await page.locator('#learn-root circle[data-stone]').count(), 0, 'a new board is empty');
  await page.click('#tool-white');
  await page.click(cell('C3'));
  await page.click(cell('G7'));
  assert.equal(await page.inputValue('#board-name'), '棋盘 2');
  // A new size starts a new board: the kept one stays as it was.
  await page.click('button[data-size="13"]');
  assert.equal(await hashOf(page), '#/teach');
  assert.equal(await page.inputValue('#board-name'), '');
  await page.click('#teach-close');
  await page.waitForSelector('#teach-boards');
  const names = () => page.locator('#teach-boards .board-row .game-title').allTextContents();
  assert.deepEqual(await names(), ['棋盘 1', '棋盘 2']);
  assert.match(await page.textContent('#teach-boards .board-row:nth-child(2)'), /9×9 · 2 子/);
  // Renamed from the list.
  await page.click('#teach-boards .board-row:nth-child(2) .rename-board');
  await page.fill('#teach-boards .rename', '第三课 ②');
  await page.press('#teach-boards .rename', 'Enter');
  await page.waitForFunction(() => document.querySelector('#teach-boards .board-row:nth-child(2) .game-title')?.textContent === '第三课 ②');
  await page.locator('#teach-boards').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/chromebook-teach-boards.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#teach-boards').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-teach-boards.png` });
  await page.setViewportSize(CHROMEBOOK.viewport);
  // Deleted, then brought back.
  await page.click('#teach-boards .board-row:nth-child(1) .delete-board');
  assert.deepEqual(await names(), ['第三课 ②']);
  await page.click('#undo-delete-board');
  assert.deepEqual(await names(), ['棋盘 1', '第三课 ②']);
  // Each opens as it was kept.
  await page.click('#teach-boards .board-row:nth-child(1) .open-board');
  await page.waitForSelector('#teach-title');
  assert.equal(await hashOf(page), first);
  assert.equal(await page.inputValue('#teach-comment'), '第一题');
  assert.equal(await page.locator('#learn-root circle[data-stone="B"]').count(), 1);
  await page.click('#teach-close');
  await page.click('#teach-boards .board-row:nth-child(2) .open-board');
  await page.waitForSelector('#teach-title');
  assert.equal(await page.inputValue('#board-name'), '第三课 ②');
  assert.equal(await page.locator('#learn-root circle[data-stone="W"]').count(), 2);
  // Deleted for good: its address says so, at home.
  await page.click('#teach-close');
  await page.click('#teach-boards .board-row:nth-child(1) .delete-board');
  await page.goto(`${app.srv.url}${first}`);
  await page.waitForFunction(() => (location.hash || '#/') === '#/');
  assert.match(await page.textContent('body'), /这个教学棋盘不在这台电脑上了/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [label, viewport] of [['chromebook', CHROMEBOOK.viewport], ['phone', { width: 390, height: 844 }]]) {
  test(`the projector shows the teacher's question with the board (${label})`, async () => {
    const page = await newPage(app.browser, { viewport });
    await openTeach(page);
    await setUpLesson(page);
    const address = await hashOf(page);
    await page.click('#projector');
    await page.waitForFunction((a) => location.hash === a.replace("#/teach/", "#/teach/projector/"), address);
    const question = page.locator('#projector-question');
    assert.equal(await question.textContent(), QUESTION);
    // After a reload too: the projector and its question.
    await page.reload();
    await page.waitForSelector('#projector-question');
    assert.equal(await question.textContent(), QUESTION);
    assert.equal(await page.locator('#learn-root circle[data-stone]').count(), 8);
    // The question and the board both whole on the screen, side by side or one above the other,
    // never over each other, and the way out over neither.
    const q = await question.boundingBox();
    const b = await page.locator('.teach.projector .board-wrap').boundingBox();
    const exit = await page.locator('#projector-exit').boundingBox();
    const inside = (r) => r.x >= 0 && r.y >= 0 && r.x + r.width <= viewport.width + 0.5 && r.y + r.height <= viewport.height + 0.5;
    const apart = (r, s) => r.x + r.width <= s.x + 0.5 || s.x + s.width <= r.x + 0.5 || r.y + r.height <= s.y + 0.5 || s.y + s.height <= r.y + 0.5;
    await page.screenshot({ path: `${SHOTS}/${label}-projector-question.png` });
    const boxes = JSON.stringify({ q, b, exit });
    assert.ok(inside(q) && inside(b), `question and board on the screen: ${boxes}`);
    assert.ok(apart(q, b) && apart(q, exit) && apart(b, exit), `nothing over anything: ${boxes}`);
    assert.ok(b.width >= Math.min(viewport.width, viewport.height) * 0.5, `the board is ${b.width} px`);
    const size = await question.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(size >= 22, `the question is ${size} px`);
    // A board with no question shows the board alone, as before.
    await page.keyboard.press('Escape');
    await page.fill('#teach-comment', '');
    await page.click('#projector');
    assert.equal(await page.locator('#projector-question').count(), 0);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
