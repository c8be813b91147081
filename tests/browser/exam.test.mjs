// 升级考试, the rank exam (issue 55), in the real app. The tests start from stored exams made by
// the session's own code (tests/data/exam/, `regenerate_the_browser_seeds`), their times moved
// to now, rather than play five whole games: a pupil starts an exam and its first game (no undo,
// hint, 形势判断, export or share on the game screen); a reload in the middle of game 3 resumes
// game 3; a pupil whose five games are played does the ten problems, passes 20 级 and prints the
// certificate (Chinese and English, the print media and a PDF on A4); a day-old game counts as
// lost; the game list offers no export of an open exam's game and says why its delete is
// refused (in English too, and told apart from a write the storage refuses), and offers export
// again once the exam is over; the class report lists the exam from a hand-in with its games a
// click away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useApp, newPage, SHOTS, presetSettings } from './harness.mjs';

const app = useApp();
const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../data/exam');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };
const DAY = 24 * 60 * 60 * 1000;

/** A seed's exams and games with every moment moved by `shift` ms (the seeds were made at a
 * fixed time; the exam's rules read the clock). */
function seed(file, shift) {
  const s = JSON.parse(fs.readFileSync(path.join(DATA, file), 'utf8'));
  const move = (v) => {
    if (Array.isArray(v)) return v.map(move);
    if (v && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        if (/_ms$/.test(k) && typeof v[k] === 'number') v[k] += shift;
        else v[k] = move(v[k]);
      }
    }
    return v;
  };
  const exams = move(JSON.parse(s.exams));
  const games = {};
  for (const [id, text] of Object.entries(s.games)) {
    const r = move(JSON.parse(text));
    // The clock's running move: (side, since, carried).
    if (r.clock?.running) r.clock.running[1] += shift;
    games[id] = JSON.stringify(r);
  }
  return { exams: JSON.stringify(exams), games, id: exams.exams[0].id, gameIds: exams.exams[0].games.map((g) => g.game) };
}

/** Puts a seed in the page's storage before the app starts (once per tab), with 小明 of 三(2)班
 * as the pupil. */
async function plant(page, s) {
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('test.planted')) return;
    sessionStorage.setItem('test.planted', '1');
    localStorage.setItem('shoutan.pupil', '小明\n三(2)班');
    localStorage.setItem('shoutan.exams', s.exams);
    const index = [];
    for (const [id, text] of Object.entries(s.games)) {
      localStorage.setItem('shoutan.game.' + id, text);
      index.push(id);
    }
    localStorage.setItem('shoutan.index', JSON.stringify(index));
  }, s);
}

/** A screenshot of 学下棋's overlay (a fixed layer that scrolls by itself), all of it: the viewport
 * made as tall as the overlay's content for the shot, so the home screen beneath stays out. */
async function overlayShot(page, file) {
  const vp = page.viewportSize();
  const h = await page.evaluate(() => document.querySelector('.learn-root')?.scrollHeight ?? 0);
  if (h > vp.height) await page.setViewportSize({ width: vp.width, height: h });
  await page.screenshot({ path: `${SHOTS}/${file}` });
  await page.setViewportSize(vp);
}

/** The print preview of an A4 page (210 mm at 96 px an inch) in print media. */
async function printShot(page, file) {
  const vp = page.viewportSize();
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: `${SHOTS}/${file}` });
  await page.setViewportSize(vp);
}

const exams = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('shoutan.exams')));

/** The first move of the right line of an SGF problem (the built-in files mark it 正解 RIGHT). */
function rightMove(sgf) {
  const m = /;([BW])\[([a-s]{2})\]C\[正解/.exec(sgf);
  assert.ok(m, 'a right line');
  return m[2];
}

/** The first move of a wrong line the file lists (marked BM). */
function wrongMove(sgf) {
  const m = /;([BW])\[([a-s]{2})\]BM\[1\]/.exec(sgf);
  assert.ok(m, 'a wrong line');
  return m[2];
}

/** The board's point for SGF coordinates on a board of `size` (columns A–T without I). */
function vertex(sgfPoint, size) {
  const letters = 'ABCDEFGHJKLMNOPQRST';
  const x = sgfPoint.charCodeAt(0) - 97;
  const y = sgfPoint.charCodeAt(1) - 97;
  return `${letters[x]}${size - y}`;
}

test('an exam starts from 学下棋 and its game allows no undo, hint, 形势判断, export or share', async () => {
  for (const [size, options] of [['phone', PHONE], ['chromebook', CHROMEBOOK]]) {
    const page = await newPage(app.browser, options);
    await presetSettings(page);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('test.named')) {
        sessionStorage.setItem('test.named', '1');
        localStorage.setItem('shoutan.pupil', '小红\n三(2)班');
      }
    });
    await page.goto(app.srv.url);
    await page.waitForSelector('#learn');
    await page.click('#learn');
    await page.click('#learn-exam');
    await page.waitForSelector('#exam-list');
    assert.equal(await page.evaluate(() => location.hash), '#/exam');
    // 20 级 is offered to a pupil with no ladder and no exam; its board and opponent are said.
    assert.equal(await page.getAttribute('.exam-rank[aria-pressed="true"]', 'data-rank'), '20k');
    assert.match(await page.textContent('#exam-setup'), /9×9 棋盘 · 贴 3¾ 子 · 每方 10 分钟，再 3 次 30 秒读秒/);
    assert.match(await page.textContent('#exam-awards'), /赢 3 盘升 20 级，题目要对 8 题/);
    await overlayShot(page, `${size}-exam-list.png`);
    await page.click('#exam-start');
    await page.waitForSelector('#exam-page');
    const id = (await exams(page)).exams[0].id;
    assert.equal(await page.evaluate(() => location.hash), `#/exam/${id}`);
    assert.equal(await page.getAttribute('#exam-page', 'data-stage'), 'next-game');
    await overlayShot(page, `${size}-exam-page.png`);
    await page.click('#exam-next-game');
    await page.waitForSelector('svg.goban rect[data-vertex]');
    const game = (await exams(page)).exams[0].games[0];
    assert.equal(await page.evaluate(() => location.hash), `#/game/${game.game}`);
    assert.equal(game.pupil, 'B');
    // The record says it is the exam's game 1.
    const record = await page.evaluate((g) => JSON.parse(localStorage.getItem('shoutan.game.' + g)), game.game);
    // (on its SGF root: the stored record keeps the tree whenever the root holds more than the setup)
    assert.match(record.tree, new RegExp(`^\\(;SHOUTANEXAM\\[${id} 20k 1\\]`));
    assert.equal(record.size, 9);
    assert.equal(record.komi_half, 15);
    assert.equal(record.computer.colour, 'W');
    assert.ok(record.time.Byoyomi, 'the clock is on');
    await page.waitForSelector('#exam-badge');
    assert.equal((await page.textContent('#exam-badge')).trim(), '升级考试：不能悔棋，没有提示');
    for (const sel of ['#undo', '#hint', '#estimate', '#export-sgf', '#share']) {
      assert.ok(await page.isHidden(sel), `${sel} is not shown in an exam game`);
    }
    assert.ok(await page.isVisible('#pass') && await page.isVisible('#resign'));
    await page.screenshot({ path: `${SHOTS}/${size}-exam-game.png` });
    // The pupil resigns: the game is over; its 复盘 waits for the end of the exam, so the
    // result's 复盘 leads to the exam's page, which says so.
    await page.waitForFunction(() => !document.querySelector('#resign')?.disabled, null, { timeout: 30000 });
    await page.click('#resign');
    await page.click('#dialog-yes');
    await page.waitForSelector('#result');
    await page.click('#review-this');
    await page.waitForSelector('#exam-page');
    assert.equal(await page.evaluate(() => location.hash), `#/exam/${id}`);
    assert.match(await page.textContent('#exam-review-later'), /考试的棋要等考完以后才能复盘/);
    assert.equal(await page.getAttribute('.exam-game[data-game="1"]', 'data-state'), 'lost');
    assert.match(await page.textContent('.exam-game[data-game="1"]'), /第 1 盘 · 执黑 · 输了/);
    assert.equal(await page.getAttribute('#exam-page', 'data-stage'), 'next-game');
    // Starting the same rank again resumes this exam: the lost game stays lost.
    await page.click('#exam-back');
    await page.waitForSelector('#exam-open');
    assert.equal(await page.$('#exam-start'), null);
    // A game of an open exam cannot be reviewed by its address either, nor exported or deleted
    // from the game list (the list says why).
    await page.evaluate((g) => { location.hash = `#/review/${g}`; }, game.game);
    await page.waitForFunction((id) => location.hash === `#/exam/${id}`, id);
    await page.goto(app.srv.url);
    const row = `#games li[data-id="${game.game}"]`;
    await page.waitForSelector(row);
    assert.ok(await page.isHidden(`${row} button.export`), 'no export of an exam game');
    assert.match(await page.textContent(`${row} .hint`), / · 考试的棋：考完才能导出和删除。$/);
    await page.click(`${row} button.delete`);
    assert.equal((await page.textContent('.notice[role="alert"] > span')).trim(), '考试的棋：考完才能导出和删除。');
    await page.screenshot({ path: `${SHOTS}/${size}-game-list-exam.png` });
    assert.ok(await page.isVisible(`#games li[data-id="${game.game}"]`), 'the exam game is still listed');
    assert.ok(await page.evaluate((g) => localStorage.getItem('shoutan.game.' + g) !== null, game.game));
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('a reload in the middle of game 3 resumes game 3, still without undo or hints', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page);
  // The seed's game 3 started ten minutes ago.
  const s = seed('seed-game-3.json', 0);
  const started = JSON.parse(s.exams).exams[0].games[2].started_ms;
  const planted = seed('seed-game-3.json', Date.now() - 10 * 60 * 1000 - started);
  await plant(page, planted);
  const g3 = planted.gameIds[2];
  await page.goto(`${app.srv.url}#/exam/${planted.id}`);
  await page.waitForSelector('#exam-page');
  assert.equal(await page.getAttribute('#exam-page', 'data-stage'), 'playing');
  assert.match(await page.textContent('#exam-next-game'), /继续第 3 盘/);
  assert.match(await page.textContent('#exam-deadline'), /这盘要在 .* 前下完，不然算输/);
  await page.click('#exam-next-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
  const stones = () => page.evaluate(() => document.querySelectorAll('svg.goban [data-stone]').length);
  assert.equal(await page.evaluate(() => location.hash), `#/game/${g3}`);
  const before = await stones();
  assert.equal(before, 3, 'three stones of game 3');
  await page.reload();
  await page.waitForSelector('svg.goban rect[data-vertex]');
  assert.equal(await page.evaluate(() => location.hash), `#/game/${g3}`);
  assert.equal(await stones(), 3);
  await page.waitForSelector('#exam-badge');
  for (const sel of ['#undo', '#hint', '#estimate']) assert.ok(await page.isHidden(sel), sel);
  // And the exam's page, reloaded, is where it was.
  await page.goto(`${app.srv.url}#/exam/${planted.id}`);
  await page.reload();
  await page.waitForSelector('#exam-page');
  assert.equal(await page.getAttribute('#exam-page', 'data-stage'), 'playing');
  assert.deepEqual(
    await page.$$eval('.exam-game', (li) => li.map((x) => x.dataset.state)),
    ['won', 'lost', 'playing', '', ''],
  );
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a game left unfinished for more than a day counts as lost and is ended', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page);
  const s = seed('seed-game-3.json', 0);
  const started = JSON.parse(s.exams).exams[0].games[2].started_ms;
  const planted = seed('seed-game-3.json', Date.now() - DAY - 60 * 1000 - started);
  await plant(page, planted);
  await page.goto(`${app.srv.url}#/exam/${planted.id}`);
  await page.waitForSelector('#exam-page');
  assert.match(await page.textContent('.exam-game[data-game="3"]'), /一天没下完，算输/);
  assert.equal(await page.getAttribute('#exam-page', 'data-stage'), 'next-game');
  const record = await page.evaluate((g) => JSON.parse(localStorage.getItem('shoutan.game.' + g)), planted.gameIds[2]);
  assert.deepEqual(record.end, { Resignation: { winner: 'W' } }, 'the game is ended: it cannot be played on');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('小明 does the ten problems, passes 20 级 and prints the certificate in Chinese and English', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page);
  const s = seed('seed-five-games.json', 0);
  const last = JSON.parse(s.exams).exams[0].games[4].end.at_ms;
  const planted = seed('seed-five-games.json', Date.now() - 30 * 60 * 1000 - last);
  await plant(page, planted);
  await page.goto(`${app.srv.url}#/exam/${planted.id}`);
  await page.waitForSelector('#exam-page');
  assert.deepEqual(
    await page.$$eval('.exam-game', (li) => li.map((x) => x.dataset.state)),
    ['won', 'lost', 'won', 'lost', 'won'],
  );
  await page.click('#exam-problems');
  await page.waitForSelector('#exam-problem');
  const id = planted.id;
  assert.equal(await page.evaluate(() => location.hash), `#/exam/problems/${id}`);
  for (let i = 0; i < 10; i++) {
    await page.waitForSelector(`#exam-problem[data-index="${i}"]`);
    assert.match(await page.textContent('#exam-problem-title'), new RegExp(`第 ${i + 1} 题，共 10 题`));
    assert.match(await page.textContent('#exam-timer'), /还剩 4\d 秒/);
    const stored = (await exams(page)).exams[0].problems[i];
    assert.ok(stored.shown_ms, 'the problem was stored as shown when it appeared');
    if (i === 0) await page.screenshot({ path: `${SHOTS}/chromebook-exam-problem.png` });
    if (i === 3) {
      // A reload keeps the problem and when it was first shown.
      await page.reload();
      await page.waitForSelector(`#exam-problem[data-index="3"]`);
      assert.equal((await exams(page)).exams[0].problems[3].shown_ms, stored.shown_ms);
    }
    const size = Number(/SZ\[(\d+)\]/.exec(stored.sgf)[1]);
    // Problem 7 answered wrong (a point that is not the answer); the others right.
    const at = vertex(i === 6 ? wrongMove(stored.sgf) : rightMove(stored.sgf), size);
    await page.click(`svg.goban rect[data-vertex="${at}"]`);
    await page.waitForSelector('#exam-next-problem');
    assert.match(await page.textContent('#status'), /答好了/);
    await page.click('#exam-next-problem');
  }
  await page.waitForSelector('#exam-page');
  assert.equal(await page.getAttribute('#exam-page', 'data-stage'), 'passed');
  assert.match(await page.textContent('#exam-result'), /通过了！五盘赢了 3 盘，十道题对了 9 道。你现在是 20 级。/);
  assert.match(await page.textContent('#exam-score'), /对了 9 题/);
  await overlayShot(page, `chromebook-exam-passed.png`);
  await page.click('#exam-certificate');
  await page.waitForSelector('#certificate');
  assert.equal(await page.evaluate(() => location.hash), `#/exam/certificate/${id}`);
  const text = await page.textContent('#certificate');
  assert.match(text, /升级证书/);
  assert.match(text, /小明（三\(2\)班）于 \d{4} 年 \d+ 月 \d+ 日通过手谈升级考试/);
  assert.equal((await page.textContent('#cert-rank')).trim(), '20 级');
  assert.equal(await page.$$eval('.cert-games tbody tr', (r) => r.length), 5);
  assert.match(text, /第 1 盘黑胜 · 黑中盘胜/);
  assert.match(text, /题目：对了 9 题（做了 10 题）/);
  await overlayShot(page, `chromebook-certificate-zh.png`);
  // Printed: the certificate alone, on one A4 page.
  await page.emulateMedia({ media: 'print' });
  assert.ok(await page.isVisible('#certificate'));
  assert.ok(await page.isHidden('#cert-print'));
  assert.ok(await page.isHidden('.topbar'));
  await printShot(page, `print-certificate-zh.png`);
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
  assert.equal(pages, 1, 'the certificate is one A4 page');
  fs.writeFileSync(`${SHOTS}/certificate-zh.pdf`, pdf);
  await page.emulateMedia({ media: 'screen' });
  // In English.
  await page.click('#cert-language');
  await page.waitForSelector('#certificate[lang="en"]');
  const en = await page.textContent('#certificate');
  assert.match(en, /Rank Certificate/);
  assert.match(en, /This certifies that 小明 \(三\(2\)班\) passed the Shoutan rank exam on \d+\s\w+\s\d{4}, at the rank of/);
  assert.equal((await page.textContent('#cert-rank')).trim(), '20 kyu');
  assert.match(en, /Game 1Blackwon · Black wins by resignation/);
  assert.doesNotMatch(en, /[胜负级盘题]/, 'no Chinese words in the English certificate');
  await overlayShot(page, `chromebook-certificate-en.png`);
  await page.emulateMedia({ media: 'print' });
  const pdfEn = await page.pdf({ format: 'A4', printBackground: true });
  assert.equal((pdfEn.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length, 1);
  fs.writeFileSync(`${SHOTS}/certificate-en.pdf`, pdfEn);
  await printShot(page, `print-certificate-en.png`);
  await page.emulateMedia({ media: 'screen' });
  // On a phone the certificate reads too.
  await page.setViewportSize({ width: 390, height: 844 });
  await overlayShot(page, `phone-certificate-en.png`);
  await page.click('#cert-language');
  await page.waitForSelector('#certificate[lang="zh-CN"]');
  await overlayShot(page, `phone-certificate-zh.png`);
  await page.click('#cert-back');
  await page.waitForSelector('#exam-page[data-stage="passed"]');
  await overlayShot(page, `phone-exam-passed.png`);
  // The exam is closed: its games may be deleted and reviewed now.
  assert.equal(await page.evaluate(() => localStorage.getItem('shoutan.exam-lock')), '');
  // The app in English (the setting changed, the app started again): the exam's page and the
  // list of exams, on the phone and the Chromebook.
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('shoutan.settings'));
    localStorage.setItem('shoutan.settings', JSON.stringify({ ...s, lang: 'en' }));
  });
  for (const [size, options] of [['phone', PHONE], ['chromebook', CHROMEBOOK]]) {
    await page.setViewportSize(options.viewport);
    await page.goto(`${app.srv.url}#/exam/${id}`);
    await page.reload();
    await page.waitForSelector('#exam-page[data-stage="passed"]');
    assert.match(await page.textContent('#exam-result'), /Passed! You won 3 of the five games and got 9 of the ten problems right\. You are 20 kyu now\./);
    assert.match(await page.textContent('.exam-game[data-game="2"]'), /Game 2 · White · lost/);
    await overlayShot(page, `${size}-exam-passed-en.png`);
    await page.click('#exam-back');
    await page.waitForSelector('#exam-list');
    assert.match(await page.textContent('#exam-history'), /20 kyu · \d+ \w+ · games 3\/5 · problems 9\/10 · passed, 20 kyu/);
    await overlayShot(page, `${size}-exam-list-en.png`);
  }
  // Over, the exam's games are exported from the game list again.
  await page.goto(app.srv.url);
  const row = `#games li[data-id="${planted.gameIds[0]}"]`;
  await page.waitForSelector(row);
  assert.ok(await page.isVisible(`${row} button.export`));
  assert.doesNotMatch(await page.textContent(`${row} .hint`), /考试/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the game list keeps a running exam\'s games: no export, and delete says why, in English too; a refused write says so', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page, { lang: 'en' });
  const s = seed('seed-game-3.json', 0);
  const started = JSON.parse(s.exams).exams[0].games[2].started_ms;
  const planted = seed('seed-game-3.json', Date.now() - 10 * 60 * 1000 - started);
  await plant(page, planted);
  // The lock on the open exam's games, as storage writes it with the exams (save_exams).
  await page.addInitScript((ids) => {
    if (!sessionStorage.getItem('test.locked')) {
      sessionStorage.setItem('test.locked', '1');
      localStorage.setItem('shoutan.exam-lock', ids.join(','));
    }
  }, planted.gameIds);
  await page.goto(app.srv.url);
  const row = (g) => `#games li[data-id="${g}"]`;
  await page.waitForSelector(row(planted.gameIds[2]));
  for (const g of planted.gameIds) {
    assert.ok(await page.isHidden(`${row(g)} button.export`), `game ${g}: no export`);
    assert.match(await page.textContent(`${row(g)} .hint`), / · An exam game: export or delete it after the exam\.$/);
  }
  await page.click(`${row(planted.gameIds[2])} button.delete`);
  assert.equal((await page.textContent('.notice[role="alert"] > span')).trim(),
    'An exam game: export or delete it after the exam.');
  assert.ok(await page.isVisible(row(planted.gameIds[2])));
  for (const [name, options] of [['phone', PHONE], ['chromebook', CHROMEBOOK]]) {
    await page.setViewportSize(options.viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-game-list-exam-en.png` });
  }
  // The exam over (its lock emptied, as storage writes it then), export is offered again; a
  // delete the storage refuses says so, and the game is kept whole.
  await page.evaluate(() => localStorage.setItem('shoutan.exam-lock', ''));
  await page.reload();
  const g1 = planted.gameIds[0];
  await page.waitForSelector(row(g1));
  assert.ok(await page.isVisible(`${row(g1)} button.export`));
  assert.doesNotMatch(await page.textContent(`${row(g1)} .hint`), /exam/);
  const before = await page.evaluate(() => ({ ...localStorage }));
  await page.evaluate(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === 'shoutan.index') throw new DOMException('full', 'QuotaExceededError');
      return set.call(this, k, v);
    };
  });
  await page.click(`${row(g1)} button.delete`);
  assert.equal((await page.textContent('.notice[role="alert"] > span')).trim(), 'Could not delete it.');
  assert.ok(await page.isVisible(row(g1)), 'the game is still listed');
  assert.deepEqual(await page.evaluate(() => ({ ...localStorage })), before, 'nothing was changed');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Answers the exam's ten problems, those of `wrong` (0-based) with a move the file says loses. */
async function answerProblems(page, wrong) {
  for (let i = 0; i < 10; i++) {
    await page.waitForSelector(`#exam-problem[data-index="${i}"]`);
    const stored = (await exams(page)).exams[0].problems[i];
    const size = Number(/SZ\[(\d+)\]/.exec(stored.sgf)[1]);
    const at = vertex(wrong.includes(i) ? wrongMove(stored.sgf) : rightMove(stored.sgf), size);
    await page.click(`svg.goban rect[data-vertex="${at}"]`);
    await page.waitForSelector('#exam-next-problem');
    await page.click('#exam-next-problem');
  }
  await page.waitForSelector('#exam-page');
}

test('a failed exam says what went well and what to practise: the technique lessons of 题海\'s problems missed', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page);
  const s = seed('seed-five-games.json', 0);
  const last = JSON.parse(s.exams).exams[0].games[4].end.at_ms;
  // 20 级: its band of 题海 (20–16 级) holds ten and more, so the exam takes them.
  const planted = seed('seed-five-games.json', Date.now() - 30 * 60 * 1000 - last);
  await plant(page, planted);
  await page.goto(`${app.srv.url}#/exam/${planted.id}`);
  await page.waitForSelector('#exam-page');
  await page.click('#exam-problems');
  await answerProblems(page, [0, 1, 2]);
  assert.equal(await page.getAttribute('#exam-page', 'data-stage'), 'failed');
  const keys = (await exams(page)).exams[0].problems.map((p) => p.key);
  assert.ok(keys.every((k) => k.startsWith('th-')), keys.join(' '));
  assert.match(await page.textContent('#exam-well'), /3/);
  const lessons = await page.$$eval('.exam-practise-lesson', (b) => b.map((x) => x.textContent));
  assert.ok(lessons.length >= 1, 'a technique lesson to take');
  assert.match(lessons.join(' '), /错了 \d 道题：去上技巧课「/);
  await overlayShot(page, 'chromebook-exam-failed.png');
  await page.click('.exam-practise-lesson');
  await page.waitForFunction(() => /^#\/learn\/lesson\/\d+$/.test(location.hash));
  await page.close();
});

test('the class report lists the exam from a hand-in, its games one click away', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await presetSettings(page);
  await page.goto(app.srv.url);
  await page.waitForSelector('#learn');
  await page.click('#learn');
  await page.click('#open-report');
  await page.setInputFiles('#report-import', {
    name: '小明-2026-12-06.sgf',
    mimeType: 'application/x-go-sgf',
    buffer: fs.readFileSync(path.join(DATA, 'hand-in.sgf')),
  });
  await page.waitForSelector('#report-exams');
  const line = (await page.textContent('#report-exams .report-exam-line')).trim();
  assert.equal(line, '20 级 · 12 月 6 日 · 对局 3/5 · 题目 9/10 · 通过，20 级');
  assert.match(await page.textContent('#report-exams h3'), /小明/);
  assert.equal(await page.$$eval('#report-exams .report-exam-game', (b) => b.length), 5);
  await overlayShot(page, `chromebook-report-exams.png`);
  await page.click('#report-exams .report-exam-game[data-game="3"]');
  await page.waitForFunction(() => location.hash.startsWith('#/review/'));
  await page.waitForSelector('#review-analyse');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
