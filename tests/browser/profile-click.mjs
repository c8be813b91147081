// Profiles click → stone on 19×19 (CDP sampling profiler), prints self time by function.
//   node tests/browser/profile-click.mjs [--dir dist] [--rate 6]
// A build with names kept names the wasm frames: copy dist/, run `wasm-bindgen --target web
// --keep-debug --out-name <the shoutan-HASH name>` on target/wasm32-unknown-unknown/wasm-release/
// shoutan.wasm into the copy, and drop the integrity attributes from its index.html.
import fs from 'node:fs';
import { serve, launch, DIST } from './harness.mjs';
import { board19, walkVertex } from './measures.mjs';
const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const dir = fs.realpathSync(arg('--dir', DIST));
const rate = Number(arg('--rate', '6'));
const srv = await serve(dir);
const browser = await launch();
const { page, cdp } = await board19(browser, srv.url, rate);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
await cdp.send('Profiler.start');
for (let i = 0; i < 25; i++) {
  const v = walkVertex(i);
  await page.evaluate(async (vertex) => {
    document.querySelector(`svg.goban rect[data-vertex="${vertex}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  }, v);
  await page.waitForTimeout(100);
}
const { profile } = await cdp.send('Profiler.stop');
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((id, i) => {
  const f = byId.get(id).callFrame;
  const k = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}`;
  self.set(k, (self.get(k) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
});
const rows = [...self.entries()].filter(([k]) => !/^\((idle|program|garbage)/.test(k)).sort((a, b) => b[1] - a[1]);
let total = 0; for (const [, v] of rows) total += v;
console.log(`busy ${(total / 1000 / 25).toFixed(1)} ms a move (25 moves, ${rate}×)`);
for (const [k, v] of rows.slice(0, 45)) console.log(`${(v / 1000 / 25).toFixed(2).padStart(7)} ms  ${k.slice(0, 140)}`);
await browser.close();
await srv.close();
