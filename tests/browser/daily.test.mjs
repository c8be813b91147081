// 每日练习 (issue 53): 题海's problems at the pupil's level. 小明 is 20 级 on the ladder: right
// answers raise his level ("现在约 N 级" goes down in 级), a wrong move's refutation is played out
// with its sentence, and after the third wrong try the right line; the English UI shows the
// English sentences; the bands load offline after one visit (service worker); the rating travels
// in his 棋册 to a fresh device. The problems are found by reading the served band files, so the
// test does not depend on which problems ship.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { useApp, newPage, presetSettings, serve, CHROMIUM_ARGS, chromiumPath, SHOTS, axeViolations as axe } from './harness.mjs';

const app = useApp();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shoutan-daily-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));
const CHROMEBOOK = { viewport: { width: 1366, height: 768 }, acceptDownloads: true };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const BANDS = ['25-21.sgf', '20-16.sgf', '15-11.sgf', '10-6.sgf', '5-1.sgf', 'dan.sgf'];
const LADDER_20K = 'shoutan-ladder 2\nmoved 1 0 20k - 小明\nplace 20k - 小明\n';

/** Every problem of the served bands: key, size, the right first move, the wrong ones with
 * their refutation's length and sentences. */
async function bands(url) {
  const out = new Map();
  for (const f of BANDS) {
    const text = await (await fetch(`${url}tihai/${f}`)).text();
    for (const tree of text.split(/\n(?=\(;GM)/).filter((t) => t.trim())) {
      const key = /GN\[题海 (th-[0-9a-f]+)\]/.exec(tree)?.[1];
      if (!key) continue;
      const size = Number(/SZ\[(\d+)\]/.exec(tree)[1]);
      const right = /\(;[BW]\[([a-s]{2})\]C\[正解\n([^\n]*)\n([^\]]*)\]((?:XL(?:\[[a-s]*\])+)?)/.exec(tree);
      const wrong = [...tree.matchAll(/\(;[BW]\[([a-s]{2})\]BM\[1\]C\[失败\n([^\n]*)\n([^\]]*)\]([^)]*)\)/g)]
        .map((m) => ({ at: m[1], zh: m[2], en: m[3].trim(), line: 1 + (m[4].match(/;[BW]\[/g) || []).length }));
      // The part of the board shown (VW), as columns × rows.
      const vw = /VW\[([a-s])([a-s]):([a-s])([a-s])\]/.exec(tree)?.slice(1).map((c) => c.charCodeAt(0) - 97);
      const view = vw ? [vw[2] - vw[0] + 1, vw[3] - vw[1] + 1] : [size, size];
      out.set(key, { key, size, view, tree, right: right[1], rightZh: right[2], rightEn: right[3].trim(), line: 1 + (right[4].match(/\[/g) || []).length, wrong });
    }
  }
  return out;
}

/** The board's vertex of an SGF point (`ab` on 9×9 → A8). */
function vertex(sgf, size) {
  const col = 'ABCDEFGHJKLMNOPQRST'[sgf.charCodeAt(0) - 97];
  return `${col}${size - (sgf.charCodeAt(1) - 97)}`;
}

/** A device where 小明 is 20 级 on the ladder (or a fresh one, `ladder` false). */
async function device(options = CHROMEBOOK, { ladder = true, lang = null } = {}) {
  const page = await newPage(app.browser, { askName: true, ...options });
  await page.addInitScript((l) => {
    delete window.showSaveFilePicker;
    delete window.showOpenFilePicker;
    if (localStorage.getItem('shoutan.pupil') === null) {
      localStorage.setItem('shoutan.pupil', '小明\n');
      if (l) localStorage.setItem('shoutan.ladder', l);
    }
  }, ladder ? LADDER_20K : '');
  await presetSettings(page, { touch_confirm: false, lang });
  return page;
}

/** 每日练习 opened, a problem shown: its key. */
async function shown(page) {
  await page.waitForSelector('#daily[data-key^="th-"]', { timeout: 20000 });
  return page.getAttribute('#daily', 'data-key');
}

const at = (page, p, sgf) => page.click(`svg.goban rect[data-vertex="${vertex(sgf, p.size)}"]`);
const kyu = async (page) => Number(await page.getAttribute('#daily', 'data-kyu'));
const rating = async (page) => Number(await page.getAttribute('#daily', 'data-rating'));

test('每日练习 at 20 级: right answers raise the level, a wrong one plays its refutation and says its sentence, the third the answer; the rating travels in the 棋册', async () => {
  const all = await bands(app.srv.url);
  const page = await device();
  await page.goto(`${app.srv.url}#/daily`);
  let key = await shown(page);
  assert.match(await page.textContent('#daily-level'), /现在约 20 级/);
  assert.match(await page.textContent('#daily-today'), /今天做了 0 题，对了 0 题/);
  await page.screenshot({ path: `${SHOTS}/chromebook-daily.png` });
  assert.deepEqual(await axe(page), [], 'axe on 每日练习');
  // Two right answers: the level goes up (fewer 级), the rating with it.
  for (let n = 1; n <= 2; n++) {
    const p = all.get(key);
    const before = await rating(page);
    await at(page, p, p.right);
    await page.waitForSelector('#daily-next');
    const said = await page.textContent('#status');
    assert.ok(said.startsWith('对了！') && said.includes(p.rightZh), `${said} says ${p.rightZh}`);
    assert.ok(await rating(page) > before, `a right answer raises the rating: ${before} → ${await rating(page)}`);
    assert.equal(Number(await page.getAttribute('#daily', 'data-line')), p.line, 'the right line is played out');
    assert.match(await page.textContent('#daily-today'), new RegExp(`今天做了 ${n} 题，对了 ${n} 题`));
    await page.click('#daily-next');
    await page.waitForFunction((k) => document.querySelector('#daily')?.dataset.key && document.querySelector('#daily').dataset.key !== k, key);
    key = await page.getAttribute('#daily', 'data-key');
  }
  assert.ok(await kyu(page) < 20, `right answers raise the level: ${await kyu(page)} 级`);
  assert.match(await page.textContent('#daily-level'), new RegExp(`现在约 ${await kyu(page)} 级`));
  // Until a problem with a wrong move in its tree: answered right (it counts too).
  while (!all.get(key).wrong.length) {
    await at(page, all.get(key), all.get(key).right);
    await page.click('#daily-next');
    await page.waitForFunction((k) => document.querySelector('#daily').dataset.key !== k, key);
    key = await page.getAttribute('#daily', 'data-key');
  }
  const p = all.get(key);
  const w = p.wrong[0];
  const before = await rating(page);
  await at(page, p, w.at);
  await page.waitForSelector('#daily[data-line]:not([data-line=""])');
  assert.equal(Number(await page.getAttribute('#daily', 'data-line')), w.line, 'the refutation is played out');
  assert.ok((await page.textContent('#status')).includes(w.zh), `the wrong move's sentence: ${w.zh}`);
  assert.match(await page.textContent('#status'), /点棋盘，再试一次/);
  assert.ok(await rating(page) < before, 'a wrong first try lowers the rating');
  await page.screenshot({ path: `${SHOTS}/chromebook-daily-wrong.png` });
  assert.deepEqual(await axe(page), [], 'axe on a refutation shown');
  // A tap starts again; two more wrong tries, and the right line is played out.
  for (let n = 2; n <= 3; n++) {
    await at(page, p, w.at); // the tap that starts again
    await page.waitForSelector('#daily[data-line=""]');
    await at(page, p, w.at);
    await page.waitForSelector('#daily[data-line]:not([data-line=""])');
  }
  assert.match(await page.textContent('#status'), /正解是这样的：/);
  assert.ok(await page.isVisible('#daily-next'));
  const done = await page.textContent('#daily-today');
  const travelled = { rating: await rating(page), kyu: await kyu(page) };
  // The 棋册 downloaded, opened on a fresh device: the same rating and count.
  await page.goto(`${app.srv.url}#/book`);
  await page.waitForSelector('#book-save');
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('#book-save')]);
  const file = path.join(tmp, d.suggestedFilename());
  await d.saveAs(file);
  const book = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.ok(book.daily.answers.length >= 3, 'the answers are in the 棋册');
  const fresh = await device(CHROMEBOOK, { ladder: false });
  await fresh.goto(`${app.srv.url}#/book`);
  await fresh.waitForSelector('#book-file', { state: 'attached' });
  await fresh.setInputFiles('#book-file', file);
  await fresh.waitForSelector('#book-message');
  await fresh.goto(`${app.srv.url}#/daily`);
  await shown(fresh);
  assert.equal(await rating(fresh), travelled.rating);
  assert.equal(await kyu(fresh), travelled.kyu);
  assert.equal(await fresh.textContent('#daily-today'), done);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(fresh.errors, []);
});

test('the English UI shows the English sentences (phone)', async () => {
  const all = await bands(app.srv.url);
  const page = await device(PHONE, { lang: 'en' });
  await page.goto(`${app.srv.url}#/daily`);
  let key = await shown(page);
  assert.match(await page.textContent('#daily-level'), /You are now about 20 kyu/);
  while (!all.get(key).wrong.length) {
    await at(page, all.get(key), all.get(key).right);
    await page.click('#daily-next');
    await page.waitForFunction((k) => document.querySelector('#daily').dataset.key !== k, key);
    key = await page.getAttribute('#daily', 'data-key');
  }
  const p = all.get(key);
  await at(page, p, p.wrong[0].at);
  await page.waitForSelector('#daily[data-line]:not([data-line=""])');
  const said = await page.textContent('#status');
  assert.ok(said.includes(p.wrong[0].en), `${said} says ${p.wrong[0].en}`);
  assert.ok(!/[\u4e00-\u9fff]/.test(said), `no Chinese in ${said}`);
  assert.match(said, /Tap the board to try again/);
  await page.screenshot({ path: `${SHOTS}/phone-daily-wrong-en.png` });
  assert.deepEqual(page.errors, []);
});

test('the bands load offline after one visit', async () => {
  const srv = await serve();
  const dir = fs.mkdtempSync(path.join(tmp, 'profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(), args: CHROMIUM_ARGS, locale: 'zh-CN', viewport: { width: 1366, height: 768 },
  });
  await context.addInitScript((l) => {
    if (localStorage.getItem('shoutan.pupil') === null) {
      localStorage.setItem('shoutan.pupil', '小明\n');
      localStorage.setItem('shoutan.ladder', l);
    }
  }, LADDER_20K);
  const page = context.pages()[0] || await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(srv.url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('shoutan-')));
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  for (const f of BANDS) assert.ok(cached.some((p) => p.endsWith(`/tihai/${f}`)), `${f} is precached`);
  await context.setOffline(true);
  await page.goto(`${srv.url}#/daily`);
  await page.reload();
  await shown(page);
  assert.equal(await page.locator('#daily-error').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
  await srv.close();
});

// 每日练习 fits the screen (a Chromebook, a phone, an upright tablet): for a whole 9×9 board,
// the biggest 13×13 one and the longest crop of a 19×19 one, the board lies inside the window
// without scrolling, its box has the shape of the part shown (no empty band under or beside
// it), and the words — the level, the question, the sentence after a wrong move — are in
// sight: beside the board on the Chromebook, right under it on the phone and the tablet. The
// bands served are cut to the one problem.
test('每日练习 fits the screen: the board whole and the words beside it (Chromebook) or under it (phone, tablet), 9×9, 13×13, cropped 19×19', async () => {
  const all = [...(await bands(app.srv.url)).values()].filter((p) => p.wrong.length);
  const area = (p) => p.view[0] * p.view[1];
  const biggest = (size) => all.filter((p) => p.size === size).sort((a, b) => area(b) - area(a))[0];
  const problems = {
    '9': all.find((p) => p.size === 9 && area(p) === 81),
    '13': biggest(13),
    // The longest crop: the one a square box would leave the widest empty band beside.
    '19-cropped': all.filter((p) => p.size === 19 && area(p) < 19 * 19)
      .sort((a, b) => Math.abs(Math.log(b.view[0] / b.view[1])) - Math.abs(Math.log(a.view[0] / a.view[1])))[0],
  };
  for (const [name, p] of Object.entries(problems)) assert.ok(p, `a ${name} problem with a wrong move is served`);
  const inside = (box, vp) => box && box.left >= 0 && box.top >= 0 && box.right <= vp.width + 0.5 && box.bottom <= vp.height + 0.5;
  const TABLET = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };
  for (const [dev, options] of [['chromebook', CHROMEBOOK], ['phone', PHONE], ['tablet', TABLET]]) {
    const vp = options.viewport;
    for (const [name, p] of Object.entries(problems)) {
      const page = await device({ ...options, serviceWorkers: 'block' });
      await page.route('**/tihai/*.sgf', (route) => route.fulfill({ contentType: 'application/x-go-sgf', body: route.request().url().endsWith('/tihai/dan.sgf') ? p.tree : '' }));
      await page.goto(`${app.srv.url}#/daily`);
      assert.equal(await shown(page), p.key);
      const look = () => page.evaluate(() => {
        const box = (s) => {
          const e = document.querySelector(s);
          if (!e || !e.getClientRects().length) return null;
          const r = e.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
        };
        const svg = document.querySelector('#daily svg.goban');
        const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
        return {
          board: box('#daily svg.goban'), wrap: box('#daily .board-wrap'), shape: w / h,
          level: box('#daily-level'), question: box('#question'), status: box('#status'), panel: box('#daily .panel'),
          scrolled: document.querySelector('.learn-root').scrollTop + document.scrollingElement.scrollTop,
        };
      });
      const check = (m, when) => {
        const at = `${dev} ${name} ${p.key} ${when}: ${JSON.stringify(m)}`;
        assert.equal(m.scrolled, 0, `nothing scrolled: ${at}`);
        assert.ok(inside(m.board, vp), `the board inside ${vp.width}×${vp.height}: ${at}`);
        assert.ok(Math.abs(m.board.width / m.board.height - m.shape) < 0.02, `the board's box has the shape of the part shown: ${at}`);
        for (const w of ['level', 'question']) assert.ok(inside(m[w], vp), `#${w === 'level' ? 'daily-level' : w} in sight: ${at}`);
        if (dev === 'chromebook') {
          assert.ok(m.panel.left >= m.board.right, `the words beside the board: ${at}`);
        } else {
          assert.ok(m.panel.top >= m.board.bottom && m.panel.top - m.board.bottom <= 16, `the words right under the board: ${at}`);
        }
      };
      check(await look(), 'shown');
      await at(page, p, p.wrong[0].at);
      await page.waitForSelector('#daily[data-line]:not([data-line=""])');
      const m = await look();
      check(m, 'after a wrong move');
      assert.ok(inside(m.status, vp) && m.status.height > 0, `the wrong move's sentence in sight: ${dev} ${name} ${JSON.stringify(m.status)}`);
      await page.screenshot({ path: `${SHOTS}/${dev}-daily-fit-${name}.png` });
      // A tap starts again; the right move: its line played out, and 下一题 in reach.
      await at(page, p, p.wrong[0].at);
      await page.waitForSelector('#daily[data-line=""]');
      await at(page, p, p.right);
      await page.waitForSelector('#daily-next');
      check(await look(), 'answered');
      const next = await page.locator('#daily-next').boundingBox();
      assert.ok(inside({ left: next.x, top: next.y, right: next.x + next.width, bottom: next.y + next.height }, vp), `下一题 in sight: ${dev} ${name} ${JSON.stringify(next)}`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  }
});
