// Measures 复盘's two passes on a pool of workers (issue 42) in the real app: a game cut to
// `--moves` moves opened in review, 分析全局, then the time to the end of the quick pass (快速看完了)
// and of the thorough pass (every position searched: the quiet line's count reaches the end),
// with `--workers` workers (the page is told it has one core more), at `--slow`× CPU; the page's
// main thread long tasks meanwhile (PerformanceObserver 'longtask', over 50 ms), and the memory
// each worker holds (its wasm memory, posted by the worker). `--limit S` stops the thorough
// pass after S seconds and reports its rate. A measurement, not a test.
//
//   node tests/browser/measure-pool.mjs --file tests/data/review/ladder-5k-1k.sgf --moves 60 --workers 2
//   node tests/browser/measure-pool.mjs --file /usr/share/goban/Hon-45-3.sgf --moves 200 --workers 1
import path from 'node:path';
import { serve, launch, newPage } from './harness.mjs';
import { cutGame } from './measures.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const source = arg('file', new URL('../data/review/ladder-5k-1k.sgf', import.meta.url).pathname);
const moves = Number(arg('moves', '60'));
const workers = Number(arg('workers', '1'));
const slow = Number(arg('slow', '1'));
const limit = Number(arg('limit', '0'));

const { file, kept } = cutGame(source, moves, 'measure-pool');

const srv = await serve();
const browser = await launch();
const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
await page.addInitScript((n) => {
  Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
  window.longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
}, workers + 1);
await page.goto(srv.url);
await page.setInputFiles('#open-sgf', file);
await page.waitForSelector('#review-move');
if (slow > 1) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow });
}
await page.evaluate(() => { window.longTasks = []; });
const t0 = Date.now();
const t0page = await page.evaluate(() => performance.now());
await page.click('#review-analyse');
await page.waitForFunction(() => /快速看完了|分析完成/.test(document.querySelector('#analysis-note')?.textContent || ''),
  null, { timeout: 3600000, polling: 100 });
const quick = Date.now() - t0;
await page.waitForSelector('#analysis-thorough', { timeout: 600000 });
const t1 = Date.now();
const done = () => page.evaluate(() => {
  const l = document.querySelector('#analysis-thorough');
  return [Number(l?.dataset.done || 0), Number(l?.dataset.of || 1)];
});
const [from] = await done();
let thorough = null;
for (;;) {
  const [d, of] = await done();
  if (d >= of) { thorough = Date.now() - t0; break; }
  if (limit && Date.now() - t1 > limit * 1000) {
    const rate = (d - from) / ((Date.now() - t1) / 60000);
    thorough = `not finished in ${limit} s: ${d - from} positions (${rate.toFixed(1)}/min, ${Math.round((of - d) / rate)} min left)`;
    break;
  }
  await new Promise((r) => setTimeout(r, 250));
}
const spans = await page.evaluate(() => window.longTasks);
const tasks = spans.map((t) => t[1]);
if (process.env.LONG_TASKS) console.log(spans.map(([s, d]) => `${((s - t0page) / 1000).toFixed(1)}s:${Math.round(d)}ms`).join(' '), `quick ended at ${(quick / 1000).toFixed(1)}s`);
const memory = Number(await page.evaluate(() => document.body.dataset.workerMemory || 0));
const over = tasks.filter((t) => t > 50);
console.log(`${path.basename(source)} cut to ${kept} moves, ${workers} worker(s), ${slow}× CPU: `
  + `quick pass ${(quick / 1000).toFixed(1)} s; thorough pass ${typeof thorough === 'number' ? `${(thorough / 1000).toFixed(1)} s in all` : thorough}; `
  + `main-thread long tasks ${over.length}, longest ${Math.round(Math.max(0, ...tasks))} ms; `
  + `memory a worker ${(memory / 1048576).toFixed(0)} MB`);
await browser.close();
srv.close?.();
process.exit(0);
