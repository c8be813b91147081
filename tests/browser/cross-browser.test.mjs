// What differs between browser engines, in Chromium, Firefox ESR and WebKitGTK (Safari's
// engine), all Debian's (drivers.mjs): the app under a sub-path, a move by click and by
// keyboard, storage across a reload, the bot's worker and which wasm it runs (SIMD where the
// engine validates SIMD, the portable one otherwise), the network's model fetched once and
// cached, a file import, the high-contrast theme, speech where the engine has it and a clean
// silence where it does not, the print sheet's styles, and the service worker's offline reload
// where the engine has service workers. No page error in any of them. The rest of the browser
// tests run in Chromium only (playwright-core); SHOUTAN_ENGINES=firefox,webkit picks engines.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, SHOTS, point } from './harness.mjs';
import { ENGINES, open, waitFor } from './drivers.mjs';

const errors = () => window.__errors;

/** Chooses `value` in a <select> as a user would (the app listens for change). */
const choose = (d, css, value) => d.js((c, v) => {
  const el = document.querySelector(c);
  el.value = v;
  el.dispatchEvent(new Event('change', { bubbles: true }));
}, css, value);

/** From the home screen: a new 9×9 game, two players at the device. */
async function newGame(d) {
  await d.js(() => { if (localStorage.getItem('shoutan.pupil') === null) localStorage.setItem('shoutan.pupil', '\n'); });
  await d.click('#new-game');
  await d.click('button[data-size="9"]');
  await d.click('#start-game');
  await waitFor(d, () => document.querySelector('svg.goban rect[data-vertex]'));
}

/** A 9×9 game against 中级 (the network, one evaluation a move): the model is fetched once
 * and cached, the computer answers, from the worker built for what the engine validates.
 * Returns whether the engine has wasm SIMD. */
async function computerAnswers(d, srv) {
  await d.goto(srv.url);
  await d.js(() => { if (localStorage.getItem('shoutan.pupil') === null) localStorage.setItem('shoutan.pupil', '\n'); });
  await d.click('#new-game');
  await d.click('button[data-size="9"]');
  await d.click('#vs-computer');
  await d.click('#human-black');
  await choose(d, '#level', '1k');
  await d.click('#start-game');
  await waitFor(d, () => document.querySelector('svg.goban rect[data-vertex]'));
  await waitFor(d, () => document.getElementById('model').getAttribute('data-model') === 'ready', undefined, 60000);
  await d.click(point('C3'));
  await waitFor(d, () => document.querySelectorAll('svg.goban circle[data-stone]').length === 2, undefined, 30000);
  const simd = await d.js(() => WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11])));
  // Three splats and an f32x4.relaxed_madd.
  const relaxed = await d.js(() => WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 19, 1, 17, 0, 65, 0, 253, 15, 65, 0, 253, 15, 65, 0, 253, 15, 253, 133, 2, 11])));
  // The worker says which build it loaded (the service worker precaches both, so the server's
  // log cannot tell).
  const build = await d.js(() => document.getElementById('model').getAttribute('data-build'));
  console.log(`# ${d.engine}: wasm SIMD ${simd}, relaxed SIMD ${relaxed}, the bot's build: ${build}`);
  assert.equal(build, relaxed ? 'relaxed' : simd ? 'simd' : 'portable');
  const asked = srv.requests.filter((p) => p.includes('/models/'));
  assert.equal(asked.filter((p) => p.endsWith('.bin.gz')).length, 1, 'the model is fetched once');
  const cached = await d.js(async () => (await (await caches.open('shoutan-models')).keys()).map((r) => r.url));
  assert.ok(cached.some((u) => u.endsWith('.bin.gz')), `the model is cached: ${cached}`);
  assert.deepEqual(await d.js(errors), []);
  return simd;
}

for (const engine of ENGINES) {
  describe(engine, () => {
    let d;
    let srv;
    before(async () => {
      srv = await serve(undefined, { recordErrors: true });
      d = await open(engine);
      console.log(`# ${engine}: ${d.version}`);
    });
    after(async () => {
      await d?.close();
      await srv?.close();
    });

    test('loads under a sub-path; a move by click and by keyboard; storage keeps the game over a reload', async () => {
      await d.goto(srv.url);
      await waitFor(d, () => document.getElementById('new-game'));
      assert.equal(await d.js(() => location.pathname), '/shoutan-test/');
      await newGame(d);
      await d.click(point('E5'));
      await waitFor(d, (n) => document.querySelectorAll('svg.goban circle[data-stone]').length === n, 1);
      // The keyboard: the board's tab stop, arrows, Enter (from E5, left and up is D6).
      await d.focus('[role="gridcell"][tabindex="0"]');
      await d.press('ArrowLeft', 'ArrowUp', 'Enter');
      await waitFor(d, () => document.querySelector('svg.goban circle[data-stone="W"]'));
      assert.match(await d.js(() => document.getElementById('announce').textContent), /D6/);
      await d.screenshot(path.join(SHOTS, `${engine}-chromebook-game.png`));
      await d.viewport(390, 844);
      await d.screenshot(path.join(SHOTS, `${engine}-phone-game.png`));
      await d.viewport(1366, 768);
      await d.reload();
      await waitFor(d, (n) => document.querySelectorAll('svg.goban circle[data-stone]').length === n, 2);
      assert.deepEqual(await d.js(errors), []);
    });

    test('the computer answers from its worker (SIMD where the engine has it) with the network, fetched once and cached', async () => {
      await computerAnswers(d, srv);
    });

    if (engine === 'webkit') {
      test('without wasm SIMD the portable worker plays (JavaScriptCore with SIMD turned off)', async () => {
        const plain = await open(engine, { noSimd: true });
        try {
          const own = await serve(undefined, { recordErrors: true });
          assert.equal(await computerAnswers(plain, own), false, 'SIMD is off');
          await own.close();
        } finally {
          await plain.close();
        }
      });
    }

    test('a file import, the high-contrast theme, speech or its clean absence, the print sheet', async () => {
      await d.goto(srv.url);
      await waitFor(d, () => document.getElementById('new-game'));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoutan-cross-'));
      const file = path.join(dir, 'lesson.sgf');
      fs.writeFileSync(file, '(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7]PB[黑方]PW[白方];B[ee]C[天元];W[cc](;B[gc])(;B[cg]))');
      await d.upload('#open-sgf', file);
      // One game opens in review at its end, its variation kept.
      await waitFor(d, () => document.getElementById('review-move'));
      await waitFor(d, () => document.querySelectorAll('svg.goban circle[data-stone]').length === 3);
      assert.match(await d.js(() => document.getElementById('review-move').textContent), /3/);
      await d.goto(srv.url);
      await waitFor(d, () => document.getElementById('new-game'));
      fs.rmSync(dir, { recursive: true, force: true });
      // High contrast, and speech on: a move is said where the engine speaks; where it has no
      // speechSynthesis the move is shown and nothing fails.
      await d.click('#settings-toggle');
      await d.click('#contrast-toggle');
      assert.equal(await d.js(() => document.documentElement.getAttribute('data-contrast')), 'high');
      if (!(await d.js(() => document.getElementById('sound-toggle').getAttribute('aria-checked') === 'true'))) await d.click('#sound-toggle');
      await d.click('#settings-toggle');
      const speaks = await d.js(() => typeof window.speechSynthesis === 'object' && window.speechSynthesis !== null);
      console.log(`# ${engine}: speechSynthesis ${speaks ? 'present' : 'absent'}`);
      await newGame(d);
      await d.click(point('C3'));
      await waitFor(d, () => /C3/.test(document.getElementById('announce').textContent));
      await d.screenshot(path.join(SHOTS, `${engine}-high-contrast.png`));
      // The print sheet's rules are in the page's styles (what the printer gets is the browser's).
      const printRules = await d.js(() => [...document.styleSheets].flatMap((s) => [...s.cssRules])
        .filter((r) => r.media && [...r.media].includes('print')).length);
      assert.ok(printRules > 0, 'the print styles are read by the engine');
      await d.click('#settings-toggle');
      await d.click('#contrast-toggle');
      await d.click('#settings-toggle');
      assert.deepEqual(await d.js(errors), []);
    });

    test('我的棋册: saved (the save picker, or a download where there is none) and opened again (the file input)', async () => {
      await d.goto(srv.url);
      await waitFor(d, () => document.getElementById('new-game'));
      await d.js(() => { localStorage.clear(); localStorage.setItem('shoutan.pupil', '小明\n'); return true; });
      await d.reload();
      await newGame(d);
      await d.click(point('E5'));
      await waitFor(d, () => /^#\/game\/\d+$/.test(location.hash) && localStorage.getItem('shoutan.game.' + location.hash.split('/')[2])?.includes('E5'));
      const stored = await d.js(() => localStorage.getItem('shoutan.game.' + location.hash.split('/')[2]));
      await d.click('.brand');
      await d.click('#my-book');
      await waitFor(d, () => document.getElementById('book-save'));
      // What the save hands the browser, caught: a download's blob and name where there is no
      // save picker (Firefox, Safari), or the picked file's text (Chromium).
      const picker = await d.js(() => {
        window.__saved = null;
        const create = URL.createObjectURL.bind(URL);
        URL.createObjectURL = (b) => { b.text().then((t) => { window.__saved = { ...(window.__saved || {}), text: t }; }); return create(b); };
        const click = HTMLAnchorElement.prototype.click;
        HTMLAnchorElement.prototype.click = function () {
          if (this.download) { window.__saved = { ...(window.__saved || {}), name: this.download }; return; }
          return click.call(this);
        };
        const has = typeof window.showSaveFilePicker === 'function';
        if (has) {
          window.showSaveFilePicker = async (o) => ({
            name: o.suggestedName,
            async createWritable() {
              let text = '';
              return { async write(t) { text += t; }, async close() { window.__saved = { name: o.suggestedName, text }; } };
            },
          });
        }
        return has;
      });
      await d.click('#book-save');
      const saved = await waitFor(d, () => window.__saved?.text && window.__saved?.name && window.__saved);
      // (The page speaks the engine's language: Chinese or English.)
      assert.match(saved.name, /^小明-(棋册|go-book)\.json$/);
      assert.equal(JSON.parse(saved.text).games.length, 1);
      await waitFor(d, (p) => new RegExp(p ? '(已保存到|Saved to) 小明-' : '(棋册已下载|was downloaded)').test(document.getElementById('book-status').textContent), picker);
      // A wiped machine opens it: the game is back as it was.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoutan-book-'));
      const file = path.join(dir, saved.name);
      fs.writeFileSync(file, saved.text);
      await d.js(() => { localStorage.clear(); localStorage.setItem('shoutan.pupil', '\n'); return true; });
      await d.goto(srv.url + '#/book');
      await waitFor(d, () => document.getElementById('book-file'));
      await d.upload('#book-file', file);
      await waitFor(d, () => /新添 1 盘棋|1 new game\b/.test(document.getElementById('book-message')?.textContent || ''));
      const back = await d.js(() => Object.keys(localStorage).filter((k) => k.startsWith('shoutan.game.')).map((k) => localStorage.getItem(k)));
      assert.deepEqual(back.map((t) => JSON.parse(t)), [JSON.parse(stored)]);
      fs.rmSync(dir, { recursive: true, force: true });
      assert.deepEqual(await d.js(errors), []);
    });

    test('the history: Back and Forward between screens, reloads and addresses land where they name, stale ones go home', async () => {
      const hash = () => d.js(() => location.hash);
      const back = () => d.js(() => { history.back(); return true; });
      const forward = () => d.js(() => { history.forward(); return true; });
      await d.goto(srv.url);
      await newGame(d);
      await d.click(point('E5'));
      await waitFor(d, () => /^#\/game\/\d+$/.test(location.hash));
      const game = await hash();
      // A reload lands on the board with its move.
      await waitFor(d, () => localStorage.getItem('shoutan.game.' + location.hash.split('/')[2])?.includes('E5'));
      await d.reload();
      await waitFor(d, () => document.querySelectorAll('svg.goban circle[data-stone]').length === 1);
      assert.equal(await hash(), game);
      // Back to home, Forward to the game.
      await back();
      // (The first entry is the address as it was typed: no fragment, home.)
      await waitFor(d, () => document.getElementById('new-game') && !location.hash.startsWith('#/game'));
      await forward();
      await waitFor(d, (g) => location.hash === g && document.querySelectorAll('svg.goban circle[data-stone]').length === 1, game);
      // 学下棋 and a lesson: Back stays in the app; a reload on the lesson lands on it.
      await d.click('.brand');
      await d.click('#learn');
      await d.click('.lesson-button');
      await waitFor(d, () => location.hash === '#/learn/lesson/1' && document.getElementById('lesson-title'));
      await d.reload();
      await waitFor(d, () => document.getElementById('lesson-title'));
      await back();
      await waitFor(d, () => location.hash === '#/learn' && document.getElementById('course'));
      await back();
      await waitFor(d, () => location.hash === '#/' && document.getElementById('learn-root').hidden);
      assert.equal(await d.js(() => location.pathname), '/shoutan-test/', 'still in the app');
      // A deleted game's address and garbage: home, with a notice.
      for (const stale of ['#/game/1796388955244', '#/no/such/screen']) {
        await d.goto(srv.url + stale);
        await waitFor(d, () => location.hash === '#/' && document.querySelector('.toasts .notice') && document.getElementById('new-game'));
      }
      assert.deepEqual(await d.js(errors), []);
    });

    test('offline: the service worker serves a reload with the server gone (where the engine has one)', async () => {
      const own = await serve(undefined, { recordErrors: true });
      await d.goto(own.url);
      await waitFor(d, () => document.getElementById('new-game'));
      const hasWorker = await d.js(() => 'serviceWorker' in navigator && window.isSecureContext);
      if (!hasWorker) {
        console.log(`# ${engine}: no service worker here; offline reload not tested`);
        await own.close();
        return;
      }
      await d.js(() => navigator.serviceWorker.ready.then(() => true));
      if (!(await d.js(() => !!navigator.serviceWorker.controller))) {
        await d.reload();
        await d.js(() => navigator.serviceWorker.ready.then(() => true));
      }
      assert.ok(await d.js(() => !!navigator.serviceWorker.controller), 'the service worker controls the page');
      await own.close();
      await d.reload();
      await waitFor(d, () => document.getElementById('new-game'));
      await newGame(d);
      await d.click(point('E5'));
      await waitFor(d, () => document.querySelector('svg.goban circle[data-stone]'));
      assert.deepEqual(await d.js(errors), []);
    });
  });
}
