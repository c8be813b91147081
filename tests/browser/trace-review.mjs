// Traces 复盘's page thread while the passes run (issue 42) and splits each long task (over
// 40 ms) by what it did (script, style, layout, paint…): what a slow Chromebook waits on.
// A measurement, not a test.
//   node tests/browser/trace-review.mjs [--file F] [--moves 60] [--slow 6] [--seconds 60]
import { serve, launch, newPage } from './harness.mjs';
import { cutGame } from './measures.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const source = arg('file', new URL('../data/review/ladder-5k-1k.sgf', import.meta.url).pathname);
const moves = Number(arg('moves', '60'));
const slow = Number(arg('slow', '6'));
const seconds = Number(arg('seconds', '60'));

const { file } = cutGame(source, moves, 'trace-review');

const srv = await serve();
const browser = await launch();
const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
await page.addInitScript(() => {
  Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 3 });
});
await page.goto(srv.url);
await page.setInputFiles('#open-sgf', file);
await page.waitForSelector('#review-move');
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
await page.click('#review-analyse');
await page.waitForFunction(() => /快速看完了|分析完成/.test(document.querySelector('#analysis-note')?.textContent || ''),
  null, { timeout: 600000, polling: 100 });
await page.waitForTimeout(seconds * 1000);
const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const mine = traceEvents.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid);
const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > 40000).sort((a, b) => a.ts - b.ts);
const t0 = tasks[0]?.ts ?? 0;
for (const t of tasks) {
  const sums = new Map();
  for (const e of mine) {
    if (e === t || e.ts < t.ts || e.ts + (e.dur ?? 0) > t.ts + t.dur) continue;
    sums.set(e.name, (sums.get(e.name) ?? 0) + (e.dur ?? 0));
  }
  const top = [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6)
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`).join(', ');
  console.log(`${((t.ts - t0) / 1e6).toFixed(1).padStart(6)} s  ${(t.dur / 1000).toFixed(0).padStart(4)} ms: ${top}`);
}
await browser.close();
srv.close?.();
process.exit(0);
