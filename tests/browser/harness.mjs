// Shared set-up for the browser tests: serve dist/ under a sub-path (as GitHub Pages does) with
// a small static server, and drive Debian's Chromium through playwright-core (no download).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = process.env.SHOUTAN_DIST ? path.resolve(process.env.SHOUTAN_DIST) : path.resolve(here, '../../dist');
export const SUBPATH = '/shoutan-test/';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Records the page's errors in `window.__errors` (uncaught exceptions, unhandled rejections,
 * console.error) from its first script on: the cross-browser suite reads them the same way in
 * every engine (WebDriver classic has no init scripts). Served in index.html's head. */
const RECORD_ERRORS = `<script>window.__errors=[];addEventListener('error',function(e){__errors.push(String(e.message||e))});addEventListener('unhandledrejection',function(e){__errors.push('unhandled rejection: '+e.reason)});(function(c){console.error=function(){__errors.push([].join.call(arguments,' '));return c.apply(console,arguments)}})(console.error)</script>`;

/** Starts the server on a free loopback port, serving `dir` (dist/ by default) under the
 * sub-path; resolves to { url, close, requests } (`requests`: every path asked for, in order).
 * With `recordErrors`, index.html records the page's errors (RECORD_ERRORS). With `gzip`, text
 * and wasm go gzipped to a browser that accepts it, as GitHub Pages sends them (the measurements
 * of a cold load over a slow link use it; the tests do not need it). `close` also
 * drops the open connections: the browser then really finds no server. */
export function serve(dir = DIST, { recordErrors = false, gzip = false } = {}) {
  const requests = [];
  const packed = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    requests.push(url.pathname);
    if (!url.pathname.startsWith(SUBPATH)) {
      res.writeHead(404).end('not under the sub-path');
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(SUBPATH.length)) || 'index.html';
    const file = path.join(dir, rel);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end('not found');
      return;
    }
    if (gzip && !(recordErrors && rel === 'index.html') && /\bgzip\b/.test(req.headers['accept-encoding'] || '') && /\.(html|js|css|wasm|json|webmanifest|svg)$/.test(file)) {
      // As GitHub Pages (and any static host that compresses) sends it: gzip on the wire.
      if (!packed.has(file)) packed.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 6 }));
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'content-encoding': 'gzip' });
      res.end(packed.get(file));
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    if (recordErrors && rel === 'index.html') {
      res.end(fs.readFileSync(file, 'utf8').replace('<head>', `<head>${RECORD_ERRORS}`));
      return;
    }
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}${SUBPATH}`,
        requests,
        close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }),
      });
    });
  });
}

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function chromiumPath() {
  return process.env.CHROMIUM || '/usr/bin/chromium';
}

export async function launch() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** An init script (`page.addInitScript(markInteractive)`) that sets `window.__ready` to the
 * time the home screen's button enters the DOM: "time to interactive" for the measurements. */
export function markInteractive() {
  new MutationObserver((_, obs) => {
    if (document.getElementById('new-game')) {
      window.__ready = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** An init script: the pupil's name counts as asked (and skipped) on this device, so that the
 * first new game opens the dialog at once; tests of the question itself leave it out. */
export function nameAsked() {
  if (localStorage.getItem('shoutan.pupil') === null) localStorage.setItem('shoutan.pupil', '\n');
}

/** A new page that records console errors and page errors into `errors`; the pupil's name
 * counts as asked unless `askName` is set. */
export async function newPage(browser, { askName = false, ...options } = {}) {
  const context = await browser.newContext({ locale: 'zh-CN', ...options });
  if (!askName) await context.addInitScript(nameAsked);
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}

export const SHOTS = path.resolve(here, 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

/** Registers the server and browser for a test file; the returned object holds both. */
export function useApp() {
  const app = {};
  before(async () => {
    app.srv = await serve();
    app.browser = await launch();
  });
  after(async () => {
    await app.browser?.close();
    await app.srv?.close();
  });
  return app;
}

/** The click target of a point on the board, e.g. `point('D4')`. */
export const point = (v) => `svg.goban rect[data-vertex="${v}"]`;

// The GTP engine: CI's build (profile ci, made by its native tests) or a release build.
const GTP = [process.env.SHOUTAN_GTP, '../../target/ci/gtp', '../../target/release/gtp']
  .filter(Boolean).map((p) => path.resolve(here, p)).find((p) => fs.existsSync(p)) ?? path.resolve(here, '../../target/release/gtp');

/** Talks GTP to our own engine binary (the reference for what the UI must show, or a player). */
export function gtp(args = []) {
  const child = spawn(GTP, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = '';
  const waiting = [];
  child.stdout.on('data', (d) => {
    buffer += d.toString();
    let i;
    while ((i = buffer.indexOf('\n\n')) >= 0) {
      const answer = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      waiting.shift()(answer);
    }
  });
  return {
    send(cmd) {
      return new Promise((resolve, reject) => {
        waiting.push((a) => (a.startsWith('=') ? resolve(a.slice(1).trim()) : reject(new Error(`${cmd}: ${a}`))));
        child.stdin.write(cmd + '\n');
      });
    },
    close() { child.stdin.end(); },
  };
}

/** The stored record of the open game (the newest in the index). */
export async function storedGame(page) {
  return page.evaluate(() => {
    const index = JSON.parse(localStorage.getItem('shoutan.index') || '[]');
    const id = index[index.length - 1];
    return JSON.parse(localStorage.getItem('shoutan.game.' + id));
  });
}

/** The player's settings in storage before the app first starts on this page: an init script,
 * so nothing the app writes on an earlier load (it saves its settings once it has asked the
 * browser about storage) can land after them. Written once per tab; the app's own changes
 * stay across reloads. Sound is off by default: the first stone sound creates the
 * AudioContext, a one-off long task in headless Chromium that is not what these tests watch. */
export async function presetSettings(page, settings = {}) {
  const s = {
    lang: null, dark: false, sound: false, move_numbers: false, touch_confirm: null,
    coordinates: true, storage_warned: true, ...settings,
  };
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('test.settings')) {
      localStorage.setItem('shoutan.settings', value);
      sessionStorage.setItem('test.settings', '1');
    }
  }, JSON.stringify(s));
}

/** From the home screen: a 9×9 game against the computer at `level`, the player black;
 * `minutes` of main time (and one minute of 读秒), or untimed. */
export async function newComputerGame(page, level, minutes) {
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#vs-computer');
  await page.click('#human-black');
  await page.selectOption('#level', level);
  if (minutes) {
    await page.selectOption('#time-control', 'custom');
    await page.fill('#custom-main', String(minutes));
    await page.fill('#custom-reserved', '1');
  }
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
}

/** One turn of a GTP `player` (Black) against the computer in the page: waits for Black's turn
 * or the end of play, tells the player the moves it has not seen since `synced`, then plays
 * its move by a click (or passes). Resolves to { synced: the moves the player has seen, over }. */
export async function playerTurn(page, player, synced, timeout = 60000) {
  await page.waitForFunction(() => document.querySelector('#confirm-count, #result, #pass:not([disabled])'),
    null, { timeout, polling: 50 });
  // The game is saved once the computer's move is painted: wait for the stored record to hold
  // it (the last move White's, the human's turn as Black), or the player would miss it.
  let record = await storedGame(page);
  for (let i = 0; i < 40 && record.moves.length > 0 && !record.moves[record.moves.length - 1].startsWith('W'); i++) {
    if (await page.$('#confirm-count, #result')) break;
    await page.waitForTimeout(50);
    record = await storedGame(page);
  }
  for (const m of record.moves.slice(synced)) await player.send(`play ${m}`);
  if (await page.$('#confirm-count, #result')) return { synced: record.moves.length, over: true };
  const mv = (await player.send('genmove b')).toUpperCase();
  if (mv === 'PASS') {
    await page.click('#pass');
    await page.click('#dialog-yes');
  } else await page.click(point(mv));
  return { synced: record.moves.length + 1, over: false };
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations (WCAG 2.x A/AA, best practices) on the page as it is now, one line
 * each; loaded into the page the first time. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.addScriptTag({ path: AXE });
  }
  return page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}
