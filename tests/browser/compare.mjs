// Two builds side by side in one run, alternated, medians (issue 24's numbers):
//   node tests/browser/compare.mjs OLD_DIST NEW_DIST [--rounds 3] [--only shell,paint,mutations,ply,cold]
// - the app shell (wasm + JS, gzip -9)
// - click → stone painted on 19×19 at 1× and 6× CPU
// - DOM mutations per quiet 19×19 move
// - the page's main-thread work per ply against the computer at 6× CPU
// - cold load at 6× CPU over 1.6 Mbps / 150 ms: the first paint, the home screen and a placed stone
// Prints numbers, asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, launch } from './harness.mjs';
import { median, clickToPaint, mutationsPerMove, coldStart, workPerPly } from './measures.mjs';

const [oldDir, newDir] = process.argv.slice(2, 4).map((d) => fs.realpathSync(d));
const arg = (name, d) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : d;
};
const rounds = Number(arg('rounds', 3));
const only = arg('only', 'shell,paint,mutations,ply,cold').split(',');

const shell = (dir) => fs.readdirSync(dir)
  .filter((f) => /\.(wasm|js)$/.test(f) && !/^(worker|learn|sw)/.test(f))
  .reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length, 0);

const builds = [['old', oldDir], ['new', newDir]];
const servers = {};
for (const [name, dir] of builds) servers[name] = await serve(dir, { gzip: true });
const browser = await launch();
const results = { old: {}, new: {} };
const push = (name, key, v) => { (results[name][key] ??= []).push(v); };

if (only.includes('shell')) for (const [name, dir] of builds) push(name, 'shell kB', shell(dir) / 1024);
for (let r = 0; r < rounds; r++) {
  // Alternate the order each round, so neither build always runs on a warmer machine.
  const order = r % 2 === 0 ? builds : [...builds].reverse();
  for (const [name] of order) {
    const url = servers[name].url;
    if (only.includes('paint')) {
      for (const rate of [1, 6]) {
        const p = await clickToPaint(browser, url, rate);
        push(name, `click→painted ${rate}× ms`, p.painted);
        push(name, `click→painted ${rate}× max ms`, p.max);
      }
    }
    if (only.includes('mutations')) push(name, 'mutations per quiet move', median(await mutationsPerMove(browser, url)));
    if (only.includes('ply')) push(name, 'work per ply 6× ms', (await workPerPly(browser, url, { rate: 6, turns: 20 })).msPerPly);
    if (only.includes('cold')) {
      const c = await coldStart(browser, url);
      push(name, 'cold: first paint ms', c.paint);
      push(name, 'cold: home ms', c.home);
      push(name, 'cold: stone ms', c.stone);
    }
  }
}
await browser.close();
for (const s of Object.values(servers)) await s.close();
console.log(`${'measure'.padEnd(30)} ${'old'.padStart(10)} ${'new'.padStart(10)}   (medians of ${rounds} rounds)`);
for (const key of Object.keys(results.new)) {
  const o = median(results.old[key]);
  const n = median(results.new[key]);
  console.log(`${key.padEnd(30)} ${o.toFixed(1).padStart(10)} ${n.toFixed(1).padStart(10)}   old ${results.old[key].map((x) => x.toFixed(1)).join(' ')} | new ${results.new[key].map((x) => x.toFixed(1)).join(' ')}`);
}
