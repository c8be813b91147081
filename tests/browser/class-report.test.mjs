// 班级报告, the teacher's view (issue 25): a collection of three 9×9 games is imported in
// 学下棋, each is analysed in turn by the 复盘 pass, and the page reports each player (by the
// records' names, over the games they played): the games, the points lost per move by phase
// with the move ranges stated, the count of each class, the three biggest mistakes with a
// diagram; it prints on A4 (print media: only the report) and its CSV parses (Python's csv
// reader), a row per player whose figures are the page's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { useApp, newPage, SHOTS, axeViolations as axe } from './harness.mjs';

const app = useApp();
const here = path.dirname(new URL(import.meta.url).pathname);
const CHROMEBOOK = { viewport: { width: 1366, height: 768 }, acceptDownloads: true };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A game of the ladder's records (tests/strength/ladder-9.jsonl) as SGF, with the names given. */
function ladderGame(line, black, white) {
  const g = JSON.parse(fs.readFileSync(path.resolve(here, '../strength/ladder-9.jsonl'), 'utf8').split('\n')[line]);
  const cols = 'ABCDEFGHJ';
  const sgfPoint = (v) => {
    const x = cols.indexOf(v[0]);
    const y = 9 - Number(v.slice(1));
    return String.fromCharCode(97 + x) + String.fromCharCode(97 + y);
  };
  const moves = g.record.split(' ').map((m) => `;${m[0].toUpperCase()}[${m.slice(1) === 'pass' ? '' : sgfPoint(m.slice(1))}]`);
  return `(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7.5]RU[Chinese]PB[${black}]PW[${white}]RE[${g.result}]GN[ladder ${line + 1}]${moves.join('')})`;
}

/** The collection: three games among 小明, 小红 and 小刚, each playing two. */
function collection() {
  const file = fs.readFileSync(path.resolve(here, '../data/review/ladder-5k-1k.sgf'), 'utf8')
    .replace('PB[1k]', 'PB[小明]').replace('PW[5k]', 'PW[小刚]').replace(/GC\[[^\]]*\]/, 'GN[ladder 201]');
  const text = [ladderGame(100, '小明', '小红'), ladderGame(140, '小红', '小刚'), file].join('\n');
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'class-')), 'class.sgf');
  fs.writeFileSync(f, text);
  return f;
}

/** The report's page with the collection imported (its three games picked). */
async function importCollection(page) {
  await page.goto(app.srv.url);
  await page.waitForSelector('#learn');
  await page.click('#learn');
  await page.click('#open-report');
  await page.setInputFiles('#report-import', collection());
  await page.waitForFunction(() => document.querySelectorAll('#report-games input:checked').length === 3);
}

async function openReport(page) {
  await importCollection(page);
  await page.click('#report-make');
  await page.waitForSelector('#report-progress', { timeout: 30000 });
  await page.waitForSelector('#class-report', { timeout: 240000 });
}

test('the class report for three games: each player, prints on A4, its CSV parses', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await openReport(page);
  const players = await page.locator('.player-report').evaluateAll((ss) => ss.map((s) => ({
    name: s.dataset.player,
    games: s.querySelector('p.hint').textContent,
    phases: [...s.querySelectorAll('.report-phases tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
    classes: [...s.querySelectorAll('.report-classes li')].map((li) => Number(li.textContent.match(/(\d+)$/)[1])),
    mistakes: [...s.querySelectorAll('.report-mistake')].map((f) => ({
      svg: !!f.querySelector('svg'),
      caption: f.querySelector('figcaption').textContent,
    })),
  })));
  assert.deepEqual(players.map((p) => p.name), ['小明', '小红', '小刚']);
  for (const p of players) {
    assert.match(p.games, /^2 盘对局：/, `${p.name} played two games: ${p.games}`);
    assert.deepEqual(p.phases.map((r) => r[0]), ['布局', '中盘', '官子']);
    const moves = p.phases.reduce((n, r) => n + Number(r[1]), 0);
    assert.equal(p.classes.reduce((a, b) => a + b, 0), moves, `${p.name}: every move analysed has a class`);
    assert.ok(p.mistakes.length >= 1 && p.mistakes.length <= 3, `${p.name}: ${p.mistakes.length} mistakes`);
    for (const m of p.mistakes) {
      assert.ok(m.svg, 'a diagram for each mistake');
      assert.match(m.caption, /第 \d+ 手 [黑白] ([A-HJ][1-9]|停一手) · 损失 [\d.]+ 子 · (缓手|问题手|恶手|大恶手)/);
    }
  }
  assert.match(await page.textContent('#class-report'), /9×9: 布局 1–11, 中盘 12–34, 官子 35–/);
  // The analyses are kept with the games: the report made again asks the worker nothing.
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('shoutan.analysis.')).length);
  assert.equal(kept, 3);
  await page.locator('#class-report').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/chromebook-class-report.png` });
  assert.deepEqual(await axe(page), [], 'axe on the class report');

  // CSV: a row per player, the page's figures.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#report-csv')]);
  const read = spawnSync('python3', ['-c', [
    'import csv, json, sys',
    "rows = list(csv.reader(open(sys.argv[1], encoding='utf-8-sig', newline='')))",
    'print(json.dumps(rows, ensure_ascii=False))',
  ].join('\n'), await download.path()], { encoding: 'utf8' });
  assert.equal(read.status, 0, read.stderr);
  const rows = JSON.parse(read.stdout);
  assert.equal(rows[0][0], '棋手');
  assert.equal(rows.length, 4);
  for (const [i, p] of players.entries()) {
    const row = rows[i + 1];
    assert.equal(row[0], p.name);
    assert.equal(row[1], '2');
    assert.equal(row.length, rows[0].length);
    assert.deepEqual(row.slice(6, 11).map(Number), p.classes, `${p.name}: the classes in the CSV`);
    assert.deepEqual(row.slice(3, 6), p.phases.map((r) => (r[2] === '–' ? '' : r[2])), `${p.name}: the phases`);
  }

  // Printed: only the report, on A4.
  await page.emulateMedia({ media: 'print' });
  assert.ok(await page.isVisible('#class-report'));
  assert.ok(await page.isHidden('.report-setup'));
  assert.ok(await page.isHidden('#report-print'));
  assert.ok(await page.isHidden('.topbar'));
  const pdf = await page.pdf({ format: 'A4', printBackground: false });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
  assert.ok(pages >= 1 && pages <= 6, `${pages} A4 pages`);
  await page.screenshot({ path: `${SHOTS}/print-class-report.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the class report on a phone', async () => {
  const page = await newPage(app.browser, PHONE);
  await openReport(page);
  const box = await page.locator('.report-mistake').first().boundingBox();
  assert.ok(box.width <= 390, `a diagram is ${box.width} px wide`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the page is ${wide} px wide`);
  await page.locator('#class-report').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-class-report.png` });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the thorough pass for a set of hand-ins, and its workers stop when the teacher leaves the report', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  // Three cores (a pool of two workers); every worker the page starts and ends is counted.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 3 });
    const W = window.Worker;
    window.liveWorkers = 0;
    window.Worker = class extends W {
      constructor(...a) { super(...a); window.liveWorkers += 1; }
      terminate() { if (!this.ended) { this.ended = true; window.liveWorkers -= 1; } super.terminate(); }
    };
  });
  await importCollection(page);
  assert.match(await page.textContent('label:has(#report-thorough)'), /仔细/);
  await page.check('#report-thorough');
  await page.click('#report-make');
  await page.waitForSelector('#report-progress', { timeout: 30000 });
  await page.waitForFunction(() => window.liveWorkers >= 2, null, { timeout: 60000 });
  await page.screenshot({ path: `${SHOTS}/chromebook-report-thorough.png` });
  const leave = async () => {
    const live = await page.evaluate(() => window.liveWorkers);
    await page.click('#report-close');
    await page.waitForFunction(() => location.hash !== '#/report');
    await page.waitForFunction((n) => window.liveWorkers <= n - 2, live, { timeout: 5000 })
      .catch(async () => assert.fail(`workers still running after the report closed: ${await page.evaluate(() => window.liveWorkers)} of ${live}`));
  };
  await leave();
  // Again, without the thorough pass, left while the second game is analysed (its pass began
  // when the first one ended, not from the teacher's click).
  await page.click('#open-report');
  for (const box of await page.locator('#report-games input').all()) await box.check();
  assert.equal(await page.locator('#report-games input:checked').count(), 3);
  await page.click('#report-make');
  await page.waitForFunction(() => / 2 \/ 3 /.test(document.querySelector('#report-progress')?.textContent || ''),
    null, { timeout: 120000, polling: 100 });
  await page.waitForFunction(() => window.liveWorkers >= 2, null, { timeout: 60000 });
  await leave();
  await page.close();
});

// Issue 51: a hand-in whose pupil is named as a spreadsheet formula, with a face-to-face game
// against a classmate who gave no name and a game against the computer. The report has a
// section per person with a name (the pupil, 小明), none for the unnamed opponent (named
// "没写名字的对手" inside the game) or the computer; the CSV, read back by Python's csv, holds
// the name as text (a `'` first, quoted), never a formula.
const FORMULA = '=HYPERLINK("http://x.invalid","看这里")';

function handIn() {
  const sgfText = (s) => s.replaceAll('\\', '\\\\').replaceAll(']', '\\]');
  const facts = JSON.stringify({ name: FORMULA, class: '三(2)班', ladder: '', lessons: [3, 8], problems: [1, 40] });
  const one = ladderGame(161, sgfText(FORMULA), '').replace('(;', `(;SHOUTANPUPIL[${sgfText(facts)}]`);
  const two = ladderGame(164, '小明', '电脑 · 25 级');
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'class-')), 'hand-in.sgf');
  fs.writeFileSync(f, `${one}\n${two}`);
  return f;
}

test('the class report: a section per named person, the unnamed opponent inside the game, a formula kept as text in the CSV', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.waitForSelector('#learn');
  await page.click('#learn');
  await page.click('#open-report');
  await page.setInputFiles('#report-import', handIn());
  await page.waitForFunction(() => document.querySelectorAll('#report-games input:checked').length === 2);
  await page.click('#report-make');
  await page.waitForSelector('#class-report', { timeout: 240000 });
  const sections = await page.locator('.player-report').evaluateAll((ss) => ss.map((s) => ({
    name: s.dataset.player,
    title: s.querySelector('h3').textContent,
    links: s.querySelectorAll('a').length,
    games: s.querySelector('p.hint').textContent,
  })));
  assert.deepEqual(sections.map((s) => s.name), [FORMULA, '小明'], 'the pupil and 小明; no unnamed side, no computer');
  assert.equal(sections[0].title, FORMULA, 'the name shown as text');
  assert.equal(sections[0].links, 0);
  assert.match(sections[0].games, /^1 盘对局：.*没写名字的对手/, sections[0].games);
  assert.match(sections[1].games, /^1 盘对局：.*小明 – 电脑 · 25 级/, sections[1].games);
  for (const s of sections) assert.ok(!s.title.includes('（') && !s.title.includes('·'), `no section titled with a game: ${s.title}`);
  assert.match(await page.textContent('#class-report'), /三\(2\)班/);
  const over = () => page.locator('.report-mistake figcaption').evaluateAll((cs) => cs.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
  assert.equal(await over(), 0, 'a long name wraps inside its caption, not over the next diagram');
  await page.locator('#class-report').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/chromebook-class-report-sections.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('.player-report').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-class-report-sections.png` });
  assert.equal(await over(), 0, 'on a phone too');
  await page.setViewportSize(CHROMEBOOK.viewport);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#report-csv')]);
  const file = await download.path();
  const raw = fs.readFileSync(file, 'utf8');
  assert.ok(raw.includes(`"'=HYPERLINK(""http://x.invalid"",""看这里"")"`), `the cell quoted, a ' first: ${raw}`);
  const read = spawnSync('python3', ['-c', [
    'import csv, json, sys',
    "rows = list(csv.reader(open(sys.argv[1], encoding='utf-8-sig', newline='')))",
    'print(json.dumps(rows, ensure_ascii=False))',
  ].join('\n'), file], { encoding: 'utf8' });
  assert.equal(read.status, 0, read.stderr);
  const rows = JSON.parse(read.stdout);
  assert.deepEqual(rows.map((r) => r[0]), ['棋手', `'${FORMULA}`, '小明']);
  for (const row of rows) {
    for (const cell of row) assert.ok(!/^[=+\-@\t\r]/.test(cell), `a cell a spreadsheet would run: ${cell}`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
