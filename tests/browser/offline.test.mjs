// Offline and installable (issue 13): after a first visit the app loads with the network off,
// a saved game continues and a new game against the computer works; a new deploy is offered
// and never swapped under a running game; the manifest passes Chromium's installability
// check; every game exported as one file comes back once.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serve, DIST, CHROMIUM_ARGS, chromiumPath, point, SHOTS, nameAsked } from './harness.mjs';

const dirs = [];
after(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });

/** A persistent (not incognito) Chromium profile: installability needs one. */
async function profile(options = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoutan-profile-'));
  dirs.push(dir);
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(), args: CHROMIUM_ARGS, locale: 'zh-CN',
    viewport: { width: 1366, height: 768 }, ...options,
  });
  await context.addInitScript(nameAsked);
  const page = context.pages()[0] || await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return { context, page };
}

/** Waits until a service worker controls the page (the first visit installs it). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await page.evaluate(() => navigator.serviceWorker.ready);
  }
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the service worker controls the page');
}

/** The paths the service worker's cache holds. */
function precached(page) {
  return page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('shoutan-')));
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
}

test('offline after the first visit: the app, a saved game, and the computer', async () => {
  const srv = await serve();
  const { context, page } = await profile();
  await page.goto(srv.url);
  await controlled(page);
  const cached = await precached(page);
  for (const f of ['worker-loader.js', 'worker_bg.wasm', 'worker.js', 'worker-simd_bg.wasm', 'worker-simd.js', 'worker-relaxed_bg.wasm', 'worker-relaxed.js', 'manifest.webmanifest', 'icons/icon-512.png']) {
    assert.ok(cached.some((p) => p.endsWith('/' + f)), `${f} is precached`);
  }
  // Not the network: it is fetched the first time the computer plays (network.test.mjs).
  assert.ok(!cached.some((p) => p.includes('/models/')), 'the 3.8 MB network is not precached');
  assert.ok(cached.some((p) => /shoutan-[0-9a-f]+_bg\.wasm$/.test(p)), 'the app wasm is precached');
  // A game, then the network goes.
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  await page.click(point('E5'));
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector(point('C3'));
  await page.click(point('C3'));
  assert.equal(await page.locator('svg.goban circle[data-stone]').count(), 2, 'the saved game goes on offline');
  // A new game against the computer: the bot's wasm comes from the cache.
  await page.click('.brand');
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#vs-computer');
  await page.selectOption('#level', '20k');
  await page.click('#start-game');
  await page.click(point('E5'));
  await page.waitForFunction(() => document.querySelectorAll('svg.goban circle[data-stone]').length === 2, null, { timeout: 20000 });
  assert.deepEqual(page.errors, []);
  await context.close();
  await srv.close();
});

test('a new deploy is offered, the running game keeps its clock, accepting reloads into it', async () => {
  // Our own copy of dist/, so that a "second build" can be served at the same URL.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shoutan-deploy-'));
  dirs.push(root);
  fs.cpSync(DIST, root, { recursive: true });
  const srv = await serve(root);
  const { context, page } = await profile();
  await page.goto(srv.url);
  await controlled(page);
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.selectOption('#time-control', 'blitz');
  await page.click('#start-game');
  await page.click(point('E5'));
  const clockBefore = await page.textContent('.clock[data-clock="W"]');
  // The second build: a changed file, so a new worker version.
  const sw = fs.readFileSync(path.join(root, 'sw.js'), 'utf8');
  fs.writeFileSync(path.join(root, 'sw.js'), sw.replace(/const VERSION = "([0-9a-f]+)"/, 'const VERSION = "$1b"'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForSelector('#update-banner', { timeout: 20000 });
  assert.match(await page.textContent('#update-banner'), /新版本可用/);
  // Nothing was swapped: the game and its running clock are there.
  await page.waitForTimeout(1500);
  assert.notEqual(await page.textContent('.clock[data-clock="W"]'), clockBefore, 'the clock runs on');
  assert.equal(await page.locator('svg.goban circle[data-stone]').count(), 1);
  await page.screenshot({ path: `${SHOTS}/chromebook-update-offered.png` });
  await Promise.all([page.waitForEvent('load'), page.click('#update-now')]);
  const keys = await page.evaluate(() => caches.keys());
  assert.ok(keys.some((k) => k.endsWith('b')), `the new version's cache: ${keys}`);
  assert.equal(keys.filter((k) => k.startsWith('shoutan-')).length, 1, 'the old cache is gone');
  // The new version opens on the running game's board (its address).
  await page.waitForSelector('svg.goban circle[data-stone]');
  assert.deepEqual(page.errors, []);
  await context.close();
  await srv.close();
});

test('installable: the manifest passes Chromium\'s own check', async () => {
  const srv = await serve();
  const { context, page } = await profile();
  await page.goto(srv.url);
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, [], JSON.stringify(manifest.errors));
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], JSON.stringify(installabilityErrors));
  const parsed = JSON.parse(manifest.data);
  assert.equal(parsed.display, 'standalone');
  assert.equal(parsed.start_url, './');
  await context.close();
  // How it looks installed: the app alone in a 1366×768 window, no browser chrome.
  const { context: app, page: standalone } = await profile({ viewport: { width: 1366, height: 768 } });
  await standalone.emulateMedia({ media: 'screen' });
  await standalone.goto(srv.url);
  await standalone.screenshot({ path: `${SHOTS}/chromebook-installed.png` });
  await app.close();
  await srv.close();
});

test('export every game as one file, clear storage, import it: every game back, once', async () => {
  const srv = await serve();
  const { context, page } = await profile({ acceptDownloads: true });
  await page.goto(srv.url);
  // Headless Chromium does not grant persistent storage: the player is told, once.
  await page.waitForSelector('#storage-warning');
  assert.match(await page.textContent('#storage-warning'), /可能会清除保存的棋/);
  await page.click('#settings-toggle');
  assert.match(await page.textContent('#storage-status'), /存储：临时.*已用 \d+ KB/);
  await page.click('#settings-toggle');
  await page.reload();
  await page.waitForSelector('#new-game');
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#storage-warning').count(), 0, 'said once, not at every visit');
  const play = async (size, moves, title) => {
    await page.click('.brand');
    await page.click('#new-game');
    await page.click(`button[data-size="${size}"]`);
    await page.click('#more-settings summary');
    await page.fill('#black-name', title);
    await page.click('#start-game');
    for (const v of moves) await page.click(point(v));
  };
  await play(9, ['E5', 'C3', 'G7'], '甲');
  await play(13, ['D4', 'K10'], '乙');
  await page.click('.brand');
  const before = await page.locator('#games .game-row').allTextContents();
  // Every game as one file: from 我的棋册.
  await page.click('#my-book');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-all')]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shoutan-export-')), 'all.sgf');
  dirs.push(path.dirname(file));
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  assert.equal((text.match(/\(;/g) || []).length, 2, 'one game tree per game');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  assert.equal(await page.locator('#games .game-row').count(), 0);
  await page.setInputFiles('#open-sgf', file);
  await page.waitForSelector('.notice[role="alert"]');
  assert.match(await page.textContent('.notice[role="alert"]'), /已导入 2 局/);
  assert.equal(await page.locator('#games .game-row').count(), 2);
  const after = await page.locator('#games .game-row').allTextContents();
  assert.deepEqual(after.map((r) => r.replace(/\s+/g, ' ')).sort(), before.map((r) => r.replace(/\s+/g, ' ')).sort());
  // The same file again: recognised, not doubled.
  await page.setInputFiles('#open-sgf', file);
  await page.waitForFunction(() => /已在列表中/.test(document.querySelector('.notice[role="alert"]')?.textContent || ''));
  assert.equal(await page.locator('#games .game-row').count(), 2);
  assert.deepEqual(page.errors, []);
  await context.close();
  await srv.close();
});

test('学下棋 offline: its wasm is precached and opens with the network off', async () => {
  const srv = await serve();
  const { context, page } = await profile();
  await page.goto(srv.url);
  await controlled(page);
  const cached = await precached(page);
  for (const f of ['learn.js', 'learn_bg.wasm']) {
    assert.ok(cached.some((p) => p.endsWith('/' + f)), `${f} is precached`);
  }
  // Not the network: it is fetched the first time the computer plays (network.test.mjs).
  assert.ok(!cached.some((p) => p.includes('/models/')), 'the 3.8 MB network is not precached');
  // Never opened before, and the network is gone: it still opens, and a problem is solved.
  await context.setOffline(true);
  await page.reload();
  await page.click('#learn');
  await page.waitForSelector('#learn-close');
  await page.click('.problem-button >> nth=0');
  await page.click('#learn-root svg.goban rect[data-vertex="D3"]');
  assert.equal((await page.textContent('#status')).trim(), '正确！');
  assert.deepEqual(page.errors, []);
  await context.close();
  await srv.close();
});

test('where service workers are blocked (a managed browser\'s policy), the app plays without them and says nothing wrong', async () => {
  const srv = await serve();
  const { context, page } = await profile({ serviceWorkers: 'block' });
  await page.goto(srv.url);
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  await page.click(point('E5'));
  await page.waitForSelector('svg.goban circle[data-stone]');
  assert.deepEqual(page.errors, []);
  await context.close();
  await srv.close();
});
