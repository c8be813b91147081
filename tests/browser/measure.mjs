// Measures the built app (dist/) in headless Chromium; prints numbers, asserts nothing.
//   node tests/browser/measure.mjs
// - wasm + JS + CSS size, raw and gzip
// - time to interactive (navigation start → the home screen's button in the DOM), normal and
//   with the CPU throttled 6× through CDP, from a local server
// - click → stone in the DOM and painted on 19×19 (medians over 25 moves)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, launch, DIST, markInteractive } from './harness.mjs';

const files = fs.readdirSync(DIST);
let rawTotal = 0;
let gzTotal = 0;
for (const f of files.filter((f) => /\.(wasm|js|css)$/.test(f))) {
  const buf = fs.readFileSync(path.join(DIST, f));
  const gz = zlib.gzipSync(buf, { level: 9 }).length;
  // The app shell: what the page loads before it is interactive. The bot's worker files
  // are fetched only on the first game against the computer, hint or estimate.
  if (!f.endsWith('.css') && !f.startsWith('worker') && !f.startsWith('learn') && f !== 'sw.js') {
    rawTotal += buf.length;
    gzTotal += gz;
  }
  console.log(`${f.padEnd(44)} ${(buf.length / 1024).toFixed(1).padStart(7)} kB   gzip ${(gz / 1024).toFixed(1).padStart(6)} kB`);
}
console.log(`app shell (wasm + JS, worker not included)   ${(rawTotal / 1024).toFixed(1).padStart(7)} kB   gzip ${(gzTotal / 1024).toFixed(1).padStart(6)} kB`);

const srv = await serve();
const browser = await launch();

async function timeToInteractive(rate) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.addInitScript(markInteractive);
  await page.goto(srv.url);
  await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 60000 });
  const t = await page.evaluate(() => window.__ready);
  await context.close();
  return t;
}

async function clickToPaint(rate) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(srv.url);
  await page.click('#new-game');
  await page.click('button[data-size="19"]');
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const letters = 'ABCDEFGHJKLMNOPQRST';
  const times = [];
  for (let i = 0; i < 25; i++) {
    const v = `${letters[(i * 7) % 19]}${1 + ((i * 5) % 19)}`;
    const t = await page.evaluate(async (vertex) => {
      const target = document.querySelector(`svg.goban rect[data-vertex="${vertex}"]`);
      const before = document.querySelectorAll('svg.goban circle[data-stone]').length;
      const count = () => document.querySelectorAll('svg.goban circle[data-stone]').length;
      const inDom = new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          if (count() > before) {
            obs.disconnect();
            resolve(performance.now());
          }
        });
        obs.observe(document.querySelector('svg.goban'), { childList: true, subtree: true });
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
  await context.close();
  const med = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { dom: med(times.map((t) => t.dom)), median: med(times.map((t) => t.painted)), n: times.length, max: Math.max(...times.map((t) => t.painted)) };
}

for (const rate of [1, 6]) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await timeToInteractive(rate));
  runs.sort((a, b) => a - b);
  console.log(`time to interactive, CPU ${rate}×: median ${runs[1].toFixed(0)} ms (runs ${runs.map((r) => r.toFixed(0)).join(', ')})`);
}
for (const rate of [1, 6]) {
  const r = await clickToPaint(rate);
  console.log(`click → stone on 19×19, CPU ${rate}×: in the DOM ${r.dom.toFixed(1)} ms, painted ${r.median.toFixed(1)} ms (medians; painted max ${r.max.toFixed(1)} ms; ${r.n} moves)`);
}
await browser.close();
await srv.close();
