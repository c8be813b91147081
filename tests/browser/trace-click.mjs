// Traces click → stone on 19×19 and sums the main thread's work by kind (script, style,
// layout, paint…), per move.   node tests/browser/trace-click.mjs [--dir dist] [--rate 6]
import fs from 'node:fs';
import { serve, launch, DIST } from './harness.mjs';
import { board19, walkVertex, mainThreadSums } from './measures.mjs';
const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const dir = fs.realpathSync(arg('--dir', DIST));
const rate = Number(arg('--rate', '6'));
const moves = 20;
const srv = await serve(dir);
const browser = await launch();
const { page, cdp } = await board19(browser, srv.url, rate);
await page.waitForTimeout(300);
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
const lat = [];
for (let i = 0; i < moves; i++) {
  const v = walkVertex(i);
  lat.push(await page.evaluate(async (vertex) => {
    const s = performance.now();
    document.querySelector(`svg.goban rect[data-vertex="${vertex}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - s;
  }, v));
  await page.waitForTimeout(150);
}
const sums = mainThreadSums(await browser.stopTracing());
lat.sort((a, b) => a - b);
console.log(`click → painted median ${lat[Math.floor(lat.length / 2)].toFixed(1)} ms (${rate}×)`);
for (const [k, v] of [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(v / 1000 / moves).toFixed(2).padStart(8)} ms  ${k}`);
await browser.close();
await srv.close();
