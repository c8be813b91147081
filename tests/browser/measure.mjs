// Measures the built app (dist/) in headless Chromium; prints numbers, asserts nothing.
//   node tests/browser/measure.mjs [--dir dist]
// - wasm + JS + CSS size, raw and gzip
// - time to interactive (navigation start → the home screen's button in the DOM), normal and
//   with the CPU throttled 6× through CDP, from a local server
// - click → stone in the DOM and painted on 19×19 (medians over 25 moves)
// To compare two builds in one run, use compare.mjs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, launch, DIST } from './harness.mjs';
import { median, timeToInteractive, clickToPaint } from './measures.mjs';

const i = process.argv.indexOf('--dir');
const dir = i > 0 ? fs.realpathSync(process.argv[i + 1]) : DIST;
let rawTotal = 0;
let gzTotal = 0;
for (const f of fs.readdirSync(dir).filter((f) => /\.(wasm|js|css)$/.test(f))) {
  const buf = fs.readFileSync(path.join(dir, f));
  const gz = zlib.gzipSync(buf, { level: 9 }).length;
  // The app shell: what the page loads before it is interactive. The bot's worker files
  // are fetched only on the first game against the computer, hint or estimate.
  if (!f.endsWith('.css') && !/^(worker|learn|sw)/.test(f)) {
    rawTotal += buf.length;
    gzTotal += gz;
  }
  console.log(`${f.padEnd(44)} ${(buf.length / 1024).toFixed(1).padStart(7)} kB   gzip ${(gz / 1024).toFixed(1).padStart(6)} kB`);
}
console.log(`app shell (wasm + JS, worker not included)   ${(rawTotal / 1024).toFixed(1).padStart(7)} kB   gzip ${(gzTotal / 1024).toFixed(1).padStart(6)} kB`);

const srv = await serve(dir, { gzip: true });
const browser = await launch();
for (const rate of [1, 6]) {
  const runs = [];
  for (let r = 0; r < 3; r++) runs.push(await timeToInteractive(browser, srv.url, rate));
  console.log(`time to interactive, CPU ${rate}×: median ${median(runs).toFixed(0)} ms (runs ${runs.map((r) => r.toFixed(0)).join(', ')})`);
}
for (const rate of [1, 6]) {
  const r = await clickToPaint(browser, srv.url, rate);
  console.log(`click → stone on 19×19, CPU ${rate}×: in the DOM ${r.dom.toFixed(1)} ms, painted ${r.painted.toFixed(1)} ms (medians; painted max ${r.max.toFixed(1)} ms; ${r.n} moves)`);
}
await browser.close();
await srv.close();
