// The main thread's work of each step from the home screen to the first stone (open the
// new-game dialog, start, the first stone), at 6× CPU, summed by kind; each step done twice
// (the first time runs code for the first time).   node tests/browser/trace-steps.mjs [--dir dist]
import fs from 'node:fs';
import { serve, launch, newPage, markInteractive, point, DIST } from './harness.mjs';
import { mainThreadSums } from './measures.mjs';
const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const dir = fs.realpathSync(arg('--dir', DIST));
const rate = Number(arg('--rate', '6'));
const srv = await serve(dir, { gzip: true });
const browser = await launch();
const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate });
await page.addInitScript(markInteractive);
await page.goto(srv.url);
await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 120000, polling: 20 });
await page.waitForTimeout(500);
async function step(name, sel, wait) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.wasm'] });
  const ms = await page.evaluate(async ([sel, wait]) => {
    const s = performance.now();
    document.querySelector(sel).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    while (!document.querySelector(wait)) await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - s;
  }, [sel, wait]);
  await page.waitForTimeout(200);
  const sums = mainThreadSums(await browser.stopTracing());
  console.log(`${name}: ${ms.toFixed(0)} ms  ` + [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`).join(', '));
}
for (const round of [1, 2]) {
  await step(`${round} dialog`, '#new-game', '#start-game');
  await step(`${round} board`, '#start-game', 'svg.goban rect[data-vertex]');
  await step(`${round} stone`, point('E5'), 'svg.goban circle[data-stone]');
  await page.click('.brand');
  await page.waitForSelector('#new-game');
  await page.evaluate(() => localStorage.clear());
}
await browser.close();
await srv.close();
