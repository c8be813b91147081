// 我的棋册 (issue 40): the pupil's work follows the pupil. Three browser contexts stand for three
// shared Chromebooks whose storage is wiped at sign-out: 小明 names himself before his first
// game, plays two games and finishes a lesson on device 1 and saves his 棋册 (a download: the
// pickers are taken away, as in Firefox and Safari); device 1 is wiped; on device 2 the 棋册
// opens and everything is back; a game there lands in the next save; 小明 and 小红 hand in; on
// device 3 the teacher's report lists exactly 小明 and 小红. Then: bad files change nothing,
// a picked file is written back, a teacher's problem set survives a reload with its comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useApp, newPage, presetSettings, point, SHOTS, axeViolations as axe } from './harness.mjs';

const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 }, acceptDownloads: true };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, acceptDownloads: true };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shoutan-book-'));

/** No File System Access pickers (Firefox, Safari): saves are downloads, opens are uploads. */
function noPickers() {
  delete window.showSaveFilePicker;
  delete window.showOpenFilePicker;
}

/** A device: a fresh browser context, its name never asked. */
async function device(options = CHROMEBOOK) {
  const page = await newPage(app.browser, { askName: true, ...options });
  await page.addInitScript(noPickers);
  await presetSettings(page, { touch_confirm: false });
  await page.goto(app.srv.url);
  await page.waitForSelector('#new-game');
  return page;
}

/** Everything this device keeps, key by key. */
const storage = (page) => page.evaluate(() => Object.fromEntries(
  Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));

/** The stored games, by id. */
const games = async (page) => Object.fromEntries(Object.entries(await storage(page))
  .filter(([k]) => k.startsWith('shoutan.game.')).map(([k, v]) => [k, JSON.parse(v)]));

/** Saves what a click downloads; returns the file's path and name. */
async function download(page, click) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(click)]);
  const file = path.join(tmp, `${Date.now()}-${d.suggestedFilename()}`);
  await d.saveAs(file);
  return { file, name: d.suggestedFilename() };
}

/** Home, from wherever the page is (学下棋's screens close by their own button). */
async function home(page) {
  if (await page.isVisible('#learn-close')) await page.click('#learn-close');
  else await page.click('.brand');
  await page.waitForSelector('#new-game');
}

/** A 9×9 game against 25 级 from the home screen: two moves, then resigned (a finished game
 * against the computer at the pupil's rank: the ladder counts it). */
async function quickGame(page, first) {
  await home(page);
  await page.click('#new-game');
  await page.waitForSelector('#start-game');
  await page.click('button[data-size="9"]');
  await page.click('#vs-computer');
  await page.click('#human-black');
  await page.selectOption('#level', '25k');
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
  await page.click(point(first));
  await page.waitForFunction(() => !document.querySelector('#resign')?.disabled, null, { timeout: 30000 });
  await page.click('#resign');
  await page.click('#dialog-yes');
  await page.waitForSelector('#result');
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

// A stored ladder as what it says: its games and offers in order, and each pupil's last place
// (the shell appends a place after each game; 学下棋 writes the ladder back, the places first).
function ladderRead(text) {
  const lines = text.trim().split('\n');
  const places = new Map();
  const rest = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('place ')) places.set(line.replace(/^place \S+ \S+ /, ''), line);
    else rest.push(line);
  }
  return { version: lines[0], places: [...places.values()].sort(), rest };
}

test('three Chromebooks: the 棋册 carries 小明 from one to the next, and the report reads by name', async () => {
  // Device 1: the name is asked once, before the first game.
  const one = await device();
  await one.click('#new-game');
  await one.waitForSelector('#pupil-form');
  assert.equal(new URL(one.url()).hash, '#/name');
  await one.screenshot({ path: `${SHOTS}/chromebook-name-asked.png` });
  assert.deepEqual(await axe(one), [], 'axe on the name question');
  await one.fill('#pupil-name', '小明');
  await one.fill('#pupil-class', '三(2)班');
  await one.click('#pupil-ok');
  await one.waitForSelector('#start-game');
  await one.click('#more-settings summary');
  assert.equal(await one.inputValue('#black-name'), '小明', 'the name is on the new game');
  await one.click('.brand');
  assert.equal((await one.textContent('#pupil-line')).trim(), '小明', 'whose games, on the home screen');
  await quickGame(one, 'E5');
  await quickGame(one, 'C3');
  const played = await games(one);
  assert.equal(Object.keys(played).length, 2);
  for (const g of Object.values(played)) {
    assert.equal(g.black.name, '小明');
    assert.equal(g.white.name, '电脑 · 25 级', 'the computer named once, with its rank');
  }
  const ladder = (await storage(one))['shoutan.ladder'];
  assert.equal((ladder.match(/^even \d+ \d+ 25k L- 小明$/gm) || []).length, 2, `both games on 小明's ladder: ${ladder}`);
  // A lesson finished, ticked under 小明's name.
  await one.click('.brand');
  await one.click('#learn');
  await one.click('.lesson-button >> nth=0');
  await one.click('button[data-answer="4"]');
  await one.click('#task-next');
  await one.click('button[data-answer="3"]');
  await one.click('#task-next');
  await one.click('button[data-answer="5"]');
  await one.click('#lesson-list');
  assert.match(await one.textContent('#course h2'), /已学 1\/8/);
  // The first game analysed in 复盘 (its analysis is kept beside it, and travels with it).
  const firstId = Object.keys(played).sort()[0].slice('shoutan.game.'.length);
  await one.goto(`${app.srv.url}#/review/${firstId}`);
  await one.click('#review-analyse');
  await one.waitForFunction(() => /快速看完了|分析完成/.test(document.querySelector('#analysis-note')?.textContent || ''),
    null, { timeout: 120000, polling: 200 });
  const analysis = (await storage(one))[`shoutan.analysis.${firstId}`];
  assert.ok(analysis, 'the analysis is kept');
  // The 棋册 saved: a download named after the pupil.
  await one.click('#learn-close');
  await one.click('#my-book');
  await one.waitForSelector('#book-save');
  assert.match(await one.textContent('#book h2'), /小明的棋册/);
  await one.screenshot({ path: `${SHOTS}/chromebook-book.png` });
  assert.deepEqual(await axe(one), [], 'axe on 我的棋册');
  const book = await download(one, '#book-save');
  assert.equal(book.name, '小明-棋册.json');
  assert.match(await one.textContent('#book-status'), /棋册已下载/);
  const before = await storage(one);
  // Sign-out on a Chromebook that wipes its users: everything local is gone.
  await one.evaluate(() => localStorage.clear());
  await one.goto(app.srv.url);
  await one.waitForSelector('#new-game');
  assert.equal(await one.locator('#games .game-row').count(), 0);

  // Device 2: opened there, everything is back.
  const two = await device();
  await two.click('#my-book');
  await two.waitForSelector('#book-file', { state: 'attached' });
  await two.setInputFiles('#book-file', book.file);
  await two.waitForSelector('#book-message');
  assert.match(await two.textContent('#book-message'), /打开了棋册 小明：新添 2 盘棋/);
  const after = await storage(two);
  for (const [k, v] of Object.entries(before)) {
    if (k.startsWith('shoutan.game.') || k.startsWith('shoutan.analysis.') || k === 'shoutan.ladder'
      || k === 'shoutan.learn.小明' || k === 'shoutan.pupil') {
      if (k.startsWith('shoutan.game.')) {
        assert.deepEqual(JSON.parse(after[k]), JSON.parse(v), `${k} back as it was`);
      } else if (k === 'shoutan.ladder') {
        assert.deepEqual(ladderRead(after[k]), ladderRead(v), `${k} back as it was`);
      } else assert.equal(after[k], v, `${k} back as it was`);
    }
  }
  assert.equal(after[`shoutan.analysis.${firstId}`], analysis);
  assert.match(await two.textContent('#pupil-now'), /小明/);
  // Opened twice: nothing new.
  await two.setInputFiles('#book-file', book.file);
  await two.waitForFunction(() => /这台电脑都有了/.test(document.querySelector('#book-message')?.textContent || ''));
  // Nothing changed but when the book was last opened (the book screen says it).
  const twice = await storage(two);
  assert.match(twice['shoutan.book-state.小明'], /^shoutan-book-state 1\nopened\n/);
  const without = (s) => Object.fromEntries(Object.entries(s).filter(([k]) => !k.startsWith('shoutan.book-state.')));
  assert.deepEqual(without(twice), without(after));
  // A game on device 2 lands in the next save, with the first two.
  await quickGame(two, 'G7');
  await two.click('.brand');
  await two.click('#my-book');
  const again = await download(two, '#book-save');
  const saved = JSON.parse(fs.readFileSync(again.file, 'utf8'));
  assert.equal(saved.games.length, 3);
  assert.equal(saved.pupil, '小明');
  assert.deepEqual(saved.progress.course, [0]);
  // 小明 hands in today's games from device 2.
  await two.waitForSelector('.hand-in-pick');
  const rows = await two.$$eval('#hand-in-games li', (ls) => ls.map((l) => [l.textContent, l.querySelector('input').checked]));
  assert.deepEqual(rows.map((r) => r[1]), [true, true, true], `today's games are picked: ${JSON.stringify(rows)}`);
  const xiaoming = await download(two, '#hand-in');
  assert.equal(xiaoming.name, `小明-${today()}.sgf`);
  const sgf = fs.readFileSync(xiaoming.file, 'utf8');
  assert.equal((sgf.match(/\(;/g) || []).length, 3);
  assert.match(sgf, /PB\[小明\]/);
  assert.match(sgf, /SHOUTANPUPIL\[/);

  // 小红 on device 1 (wiped): her name, a game, her hand-in.
  await one.click('#new-game');
  await one.waitForSelector('#pupil-form');
  await one.fill('#pupil-name', '小红');
  await one.click('#pupil-ok');
  await one.waitForSelector('#start-game');
  await quickGame(one, 'D4');
  await one.click('.brand');
  await one.click('#my-book');
  await one.waitForSelector('.hand-in-pick');
  const xiaohong = await download(one, '#hand-in');
  assert.equal(xiaohong.name, `小红-${today()}.sgf`);

  // Device 3, the teacher's: both hand-ins at once; the report names the two pupils only.
  const three = await device();
  await three.click('#learn');
  await three.click('#open-report');
  await three.setInputFiles('#report-import', [xiaoming.file, xiaohong.file]);
  await three.waitForFunction(() => document.querySelectorAll('#report-games input:checked').length === 4);
  await three.click('#report-make');
  await three.waitForSelector('#class-report', { timeout: 120000 });
  const pupils = await three.$$eval('.player-report', (s) => s.map((e) => e.dataset.player));
  assert.deepEqual(pupils.sort(), ['小明', '小红'].sort(), 'the pupils by name, no section for the computer');
  const about = await three.textContent('.player-report[data-player="小明"] .report-about');
  assert.match(about, /三\(2\)班/);
  assert.match(about, /课程 1\/8 · 技巧课 0\/24 · 题目 0\/40/);
  assert.match(await three.textContent('.player-report[data-player="小明"]'), /3 盘.*负 3/);
  await three.screenshot({ path: `${SHOTS}/chromebook-report-by-name.png`, fullPage: true });
  for (const p of [one, two, three]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('bad files change nothing and say why; another pupil\'s book is asked about first', async () => {
  const page = await device(PHONE);
  await page.click('#new-game');
  await page.fill('#pupil-name', '小明');
  await page.click('#pupil-ok');
  await page.waitForSelector('#start-game');
  await quickGame(page, 'E5');
  await page.click('.brand');
  // Back home from a game, with no file picked: a reminder to save the book.
  await page.waitForFunction(() => /记得保存你的棋册/.test(document.querySelector('.toasts')?.textContent || ''));
  await page.click('#my-book');
  const good = await download(page, '#book-save');
  const text = fs.readFileSync(good.file, 'utf8');
  const write = (name, body) => {
    const f = path.join(tmp, name);
    fs.writeFileSync(f, body);
    return f;
  };
  const bad = [
    ['other-app.json', JSON.stringify({ name: 'a drawing', layers: [] }), /不是手谈的棋册/],
    ['cut.json', text.slice(0, text.length / 2), /不是棋册，也许它坏了或者不完整/],
    ['edited.json', text.replace(/"moves": \[/, '"moves": ["B Z99", '), /被改坏了/],
    ['newer.json', text.replace('"version": 2', '"version": 7'), /新版手谈/],
  ];
  const kept = await storage(page);
  for (const [name, body, said] of bad) {
    await page.setInputFiles('#book-file', write(name, body));
    await page.waitForFunction((s) => new RegExp(s).test(document.querySelector('#book-message')?.textContent || ''), said.source)
      .catch(async (e) => { throw new Error(`${name}: ${await page.textContent('#book-message').catch(() => 'no message')} ${page.errors}`); });
    assert.deepEqual(await storage(page), kept, `${name}: storage unchanged`);
  }
  await page.screenshot({ path: `${SHOTS}/phone-book-bad-file.png` });
  // 小红's book: asked first; "不打开" changes nothing.
  const hers = JSON.parse(text);
  hers.pupil = '小红';
  hers.games = [];
  const file = write('xiaohong.json', JSON.stringify(hers));
  await page.setInputFiles('#book-file', file);
  await page.waitForSelector('#book-confirm');
  assert.match(await page.textContent('#book-confirm'), /另一个同学的棋册：小红/);
  await page.click('#book-confirm-cancel');
  assert.deepEqual(await storage(page), kept);
  await page.setInputFiles('#book-file', file);
  await page.click('#book-confirm-open');
  await page.waitForFunction(() => /小红/.test(document.querySelector('#pupil-now')?.textContent || ''));
  // 换人 back to 小明: both names are on this device.
  await page.click('#switch-pupil');
  await page.click('button[data-pupil="小明"]');
  await page.waitForFunction(() => /小明/.test(document.querySelector('#pupil-now')?.textContent || ''));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a picked file is written back after a game, and says so quietly', async () => {
  const page = await newPage(app.browser, { askName: true, ...CHROMEBOOK });
  await presetSettings(page);
  // A save picker as Chromium's, its file kept in the page (what was written, and when).
  await page.addInitScript(() => {
    window.__written = [];
    const handle = {
      name: '小明-棋册.json',
      async createWritable() {
        let text = '';
        return { async write(t) { text += t; }, async close() { window.__written.push(text); } };
      },
    };
    window.showSaveFilePicker = async () => handle;
  });
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.fill('#pupil-name', '小明');
  await page.click('#pupil-ok');
  await page.waitForSelector('#start-game');
  await page.click('.brand');
  await page.click('#my-book');
  await page.click('#book-save');
  await page.waitForFunction(() => /已保存到 小明-棋册.json · \d\d:\d\d/.test(document.querySelector('#book-status')?.textContent || ''));
  assert.equal(JSON.parse(await page.evaluate(() => window.__written[0])).games.length, 0);
  await quickGame(page, 'E5');
  // Leaving the finished game writes the change back.
  await page.click('.brand');
  // (The 20-second write-back may have written the game while it was played: the last write
  // is the one that counts.)
  await page.waitForFunction(() => window.__written.length >= 2
    && JSON.parse(window.__written[window.__written.length - 1]).games[0]?.record.end, null, { timeout: 25000 });
  const last = JSON.parse(await page.evaluate(() => window.__written[window.__written.length - 1]));
  assert.equal(last.games.length, 1);
  assert.equal(last.games[0].record.black.name, '小明');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a teacher\'s problem set survives a reload, and its comments on a wrong branch reach the pupil', async () => {
  const page = await newPage(app.browser, PHONE);
  await presetSettings(page);
  await page.goto(app.srv.url);
  await page.click('#learn');
  await page.waitForSelector('#open-problems', { state: 'attached' });
  const file = path.join(tmp, '老师的题.sgf');
  fs.writeFileSync(file, '(;GM[1]FF[4]SZ[9]PL[B]AB[aa][ba]AW[ab][bb][cb]C[黑先]'
    + '(;B[ca];W[da];B[ac]C[正解])(;B[ac]C[失败\n这样白可以在 C9 打吃。];W[ca]C[白提掉两子。]))');
  await page.setInputFiles('#open-problems', file);
  await page.waitForSelector('#problem-title');
  await page.reload();
  await page.waitForSelector('#problem-title');
  assert.match(await page.textContent('#problem-title'), /老师的题/);
  await page.click(point('A7'));
  await page.waitForFunction(() => /白提掉两子/.test(document.querySelector('#status')?.textContent || ''));
  assert.match(await page.textContent('#status'), /题目文件里写着：这样白可以在 C9 打吃。 白提掉两子。/);
  await page.screenshot({ path: `${SHOTS}/phone-problem-teacher-comment.png` });
  // Saved again as a class set for the pupils.
  await page.click('#problem-list');
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('.class-set')]);
  assert.match(d.suggestedFilename(), /老师的题/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
