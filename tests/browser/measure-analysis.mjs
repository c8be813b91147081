// Measures 复盘's pass in the real app (issue 25): a record opened in review, the network loaded
// first (形势判断 starts the worker; its time is not the pass's), then 分析全局 — the time to the
// end of the quick pass (the first 细算 or the end) and to the end of the whole pass, and the
// page's long tasks meanwhile; then the network's line at the biggest mistake (看网络的下法:
// the time from the click to its board). A measurement, not a test.
//
//   node tests/browser/measure-analysis.mjs [--file tests/data/review/ladder-5k-1k.sgf] [--slow 6]
//
// (a 245-move 19×19 game: --file /usr/share/goban/Hon-45-3.sgf, from Debian's goban-original-games)
import { serve, launch, newPage } from './harness.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const file = arg('file', new URL('../data/review/ladder-5k-1k.sgf', import.meta.url).pathname);
const slow = Number(arg('slow', '1'));

const srv = await serve();
const browser = await launch();
const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
await page.addInitScript(() => {
  window.longTasks = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      window.longTasks.push(e.duration);
      (window.longAt ||= []).push([Math.round(e.startTime - (window.t0 || 0)), Math.round(e.duration), document.querySelector('#analysis')?.textContent.slice(0, 16)]);
    }
  })
    .observe({ type: 'longtask', buffered: true });
});
await page.goto(srv.url);
await page.setInputFiles('#open-sgf', file);
await page.waitForSelector('#review-move');
await page.click('#review-estimate-button');
await page.waitForSelector('#model[data-model="ready"]', { state: 'attached', timeout: 120000 });
await page.waitForSelector('#review-estimate', { timeout: 120000 });
if (slow > 1) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow });
}
await page.evaluate(() => { window.longTasks = []; window.longAt = []; window.t0 = performance.now(); });
const t0 = Date.now();
await page.click('#review-analyse');
await page.waitForFunction(() => {
  const t = document.querySelector('#analysis')?.textContent || '';
  return /细算|快速看完了|分析完成/.test(t);
}, null, { timeout: 900000, polling: 50 });
const quick = Date.now() - t0;
await page.waitForFunction(() => /快速看完了|分析完成/.test(document.querySelector('#analysis-note')?.textContent || ''),
  null, { timeout: 1800000, polling: 100 });
const full = Date.now() - t0;
const tasks = await page.evaluate(() => window.longTasks);
if (process.env.DEBUG) console.log(await page.evaluate(() => JSON.stringify(window.longAt)));
const positions = Number(await page.getAttribute('#lead-graph', 'aria-valuemax')) + 1;
await page.click('button.mistake');
await page.waitForSelector('#mistake-line');
const t1 = Date.now();
await page.click('#mistake-line');
await page.waitForSelector('#line-step', { timeout: 300000 });
const line = Date.now() - t1;
console.log(`${file.split('/').pop()}: ${positions} positions at ${slow}× CPU: quick pass ${(quick / 1000).toFixed(1)} s, `
  + `full ${(full / 1000).toFixed(1)} s; page long tasks ${tasks.length}, longest ${Math.round(Math.max(0, ...tasks))} ms; `
  + `the line at a mistake ${(line / 1000).toFixed(1)} s`);
await browser.close();
srv.close?.();
process.exit(0);
