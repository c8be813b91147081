// The page measurements shared by the measurement scripts (measure.mjs, measure-moves.mjs,
// compare.mjs): each takes a browser and the URL of a served build and returns numbers; none
// asserts anything. Numbers are measurements, never timed tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newPage, point, gtp, storedGame, presetSettings, newComputerGame, markInteractive, playerTurn } from './harness.mjs';

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A game record cut to its first `moves` moves (the main line's move nodes; the root kept),
 * written to a temporary file: { file, kept } (`kept`: the moves it has). */
export function cutGame(source, moves, name) {
  const nodes = fs.readFileSync(source, 'utf8').split(/(?=;)/);
  let kept = 0;
  const cut = [];
  for (const n of nodes) {
    if (/^;\s*[BW]\[/.test(n)) {
      if (kept === moves) break;
      kept += 1;
    }
    cut.push(n.replace(/\)\s*$/, ''));
  }
  const file = path.join(os.tmpdir(), `${name}-${moves}.sgf`);
  fs.writeFileSync(file, cut.join('') + ')');
  return { file, kept };
}

/** The main thread's time by kind of work (script, style, layout, paint…) in a Chromium trace
 * (`browser.stopTracing()`'s buffer): a Map from event name to microseconds. */
export function mainThreadSums(buf) {
  const { traceEvents } = JSON.parse(buf.toString());
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const sums = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !main || e.tid !== main.tid || e.pid !== main.pid) continue;
    sums.set(e.name, (sums.get(e.name) ?? 0) + (e.dur ?? 0));
  }
  return sums;
}

/** Navigation start → the home screen's button in the DOM, with the CPU slowed `rate`×. */
export async function timeToInteractive(browser, url, rate) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.addInitScript(markInteractive);
  await page.goto(url);
  await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 60000 });
  const t = await page.evaluate(() => window.__ready);
  await context.close();
  return t;
}

/** A new 19×19 game from the home screen. */
/** The `i`th point of the click measurements' walk over a 19×19 board. */
export const walkVertex = (i) => `${'ABCDEFGHJKLMNOPQRST'[(i * 7) % 19]}${1 + ((i * 5) % 19)}`;

/** A new 19×19 game at Chromebook size with the CPU throttled `rate`×: { page, cdp }. */
export async function board19(browser, url, rate) {
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await new19(page, url);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { page, cdp };
}

async function new19(page, url) {
  await presetSettings(page);
  await page.goto(url);
  await page.click('#new-game');
  await page.click('button[data-size="19"]');
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
}

/** Click → stone in the DOM and painted on 19×19 at `rate`× CPU, over `moves` moves:
 * { dom, painted, max } medians (ms). */
export async function clickToPaint(browser, url, rate, moves = 25) {
  const { page } = await board19(browser, url, rate);
  const times = [];
  for (let i = 0; i < moves; i++) {
    const v = walkVertex(i);
    const t = await page.evaluate(async (vertex) => {
      const target = document.querySelector(`svg.goban rect[data-vertex="${vertex}"]`);
      const count = () => document.querySelectorAll('svg.goban circle[data-stone]').length;
      const before = count();
      const inDom = new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          if (count() > before) {
            obs.disconnect();
            resolve(performance.now());
          }
        });
        obs.observe(document.querySelector('svg.goban').parentElement, { childList: true, subtree: true });
      });
      const start = performance.now();
      target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const dom = await Promise.race([inDom, new Promise((r) => setTimeout(() => r(null), 2000))]);
      if (dom === null) return null;
      // The frame that shows it: its rAF callback runs before the paint, the task after it.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return { dom: dom - start, painted: performance.now() - start };
    }, v);
    if (t !== null) times.push(t);
  }
  await page.context().close();
  return {
    dom: median(times.map((t) => t.dom)),
    painted: median(times.map((t) => t.painted)),
    max: Math.max(...times.map((t) => t.painted)),
    n: times.length,
  };
}

/** DOM mutation records from a quiet 19×19 move's click until the page settles, per move. */
export async function mutationsPerMove(browser, url, moves = ['Q4', 'K10', 'C3', 'R17', 'F3', 'O17']) {
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await new19(page, url);
  for (const v of ['D4', 'Q16', 'D16']) await page.click(point(v));
  const counts = [];
  for (const v of moves) {
    await page.hover(point(v));
    await page.waitForTimeout(50);
    await page.evaluate(() => {
      window.__n = 0;
      window.__obs = new MutationObserver((list) => { window.__n += list.length; });
      window.__obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.click(point(v));
    await page.waitForTimeout(300);
    counts.push(await page.evaluate(() => { window.__obs.disconnect(); return window.__n; }));
  }
  await page.context().close();
  return counts;
}

/** Cold load over a slow link (`kbps`, `latency` ms) at `rate`× CPU, no cache: navigation →
 * the home screen, and → a stone placed on a new game's board (ms). */
export async function coldStart(browser, url, { rate = 6, kbps = 1600, latency = 150 } = {}) {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency, downloadThroughput: (kbps * 1000) / 8, uploadThroughput: (kbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.addInitScript(markInteractive);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 120000, polling: 20 });
  const home = await page.evaluate(() => window.__ready);
  // The first paint with content: index.html's splash, or the app where it has none.
  await page.waitForFunction(() => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'), null, { polling: 20 });
  const paint = await page.evaluate(() => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint').startTime);
  await page.click('#new-game');
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
  await page.click(point('E5'));
  await page.waitForSelector('svg.goban circle[data-stone]');
  const stone = await page.evaluate(() => performance.now());
  await page.context().close();
  return { paint, home, stone };
}

/** The page's own main-thread time per ply in a 9×9 game against the computer at `level`
 * (`turns` moves of a weak GTP player), at `rate`× CPU: { plies, msPerPly, longTasks }. */
export async function workPerPly(browser, url, { turns = 30, rate = 1, level = '20k' } = {}) {
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await presetSettings(page);
  await page.goto(url);
  await newComputerGame(page, level);
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
  const cdp = await page.context().newCDPSession(page);
  if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const player = gtp(['--seed', '3', '--playouts', '50', '--no-resign']);
  await player.send('boardsize 9');
  let turn = { synced: 0, over: false };
  for (let i = 0; i < turns && !turn.over; i++) turn = await playerTurn(page, player, turn.synced);
  const { profile } = await cdp.send('Profiler.stop');
  const plies = (await storedGame(page)).moves.length;
  const longTasks = await page.evaluate(() => window.longTasks);
  player.close();
  await page.context().close();
  // The app's samples: a stack that passes through its wasm (js-to-wasm) or its glue script.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
  const ours = new Map();
  const isOurs = (id) => {
    if (ours.has(id)) return ours.get(id);
    const f = byId.get(id).callFrame;
    const p = parent.get(id);
    const v = f.functionName.startsWith('js-to-wasm') || /shoutan-[0-9a-f]+\.js$/.test(f.url) || (p !== undefined && isOurs(p));
    ours.set(id, v);
    return v;
  };
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (isOurs(id)) us += profile.timeDeltas[i + 1] ?? 0;
  });
  return { plies, msPerPly: us / 1000 / plies, totalMs: us / 1000, longTasks, profile };
}
