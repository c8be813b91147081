// The page's main-thread work per move in a 9×9 game against the computer (入门, so the
// computer answers at once): plays TURNS moves of a weak GTP player, records a CPU profile and
// the long tasks, and prints the app's own time per move (samples whose stack runs through
// the app's wasm or glue, not the test's DOM queries).
//   node tests/browser/measure-moves.mjs [--turns 30] [--slow 4] [--level beginner] [--dir dist] [--profile out.cpuprofile]
import fs from 'node:fs';
import { serve, launch, newPage, point, gtp, storedGame, presetSettings, newComputerGame } from './harness.mjs';

const arg = (name, d) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : d;
};
const turns = Number(arg('turns', 30));
const slow = Number(arg('slow', 1));
const srv = await serve(arg('dir') ? fs.realpathSync(arg('dir')) : undefined);
const browser = await launch();
const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
await presetSettings(page);
await page.goto(srv.url);
await newComputerGame(page, arg('level', 'beginner'));
await page.waitForTimeout(500);
await page.evaluate(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
  }).observe({ type: 'longtask' });
});
const cdp = await page.context().newCDPSession(page);
if (slow > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
const player = gtp(['--seed', '3', '--playouts', '50', '--no-resign']);
await player.send('boardsize 9');
let synced = 0;
for (let turn = 0; turn < turns; turn++) {
  await page.waitForFunction(() => document.querySelector('#confirm-count, #result, #pass:not([disabled])'), null, { timeout: 60000, polling: 50 });
  const record = await storedGame(page);
  for (const m of record.moves.slice(synced)) await player.send(`play ${m}`);
  synced = record.moves.length;
  if (await page.$('#confirm-count, #result')) break;
  const mv = (await player.send('genmove b')).toUpperCase();
  if (mv === 'PASS') {
    await page.click('#pass');
    await page.click('#dialog-yes');
  } else await page.click(point(mv));
  synced += 1;
}
const { profile } = await cdp.send('Profiler.stop');
const plies = (await storedGame(page)).moves.length;
const longTasks = await page.evaluate(() => window.longTasks);
player.close();
await browser.close();
await srv.close();
if (arg('profile')) fs.writeFileSync(arg('profile'), JSON.stringify(profile));

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
  const dt = profile.timeDeltas[i + 1] ?? 0;
  if (isOurs(id)) us += dt;
});
console.log(`${plies} plies at ${slow}× CPU: the app's main-thread time ${(us / 1000).toFixed(0)} ms, ${(us / 1000 / plies).toFixed(2)} ms a ply; long tasks ${JSON.stringify(longTasks)}`);
