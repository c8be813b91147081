// The page's main-thread work per move in a 9×9 game against the computer (入门, so the
// computer answers at once): plays TURNS moves of a weak GTP player, records a CPU profile and
// the long tasks, and prints the app's own time per move (samples whose stack runs through
// the app's wasm or glue, not the test's DOM queries).
//   node tests/browser/measure-moves.mjs [--turns 30] [--slow 4] [--level 20k] [--dir dist] [--profile out.cpuprofile]
import fs from 'node:fs';
import { serve, launch } from './harness.mjs';
import { workPerPly } from './measures.mjs';

const arg = (name, d) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : d;
};
const srv = await serve(arg('dir') ? fs.realpathSync(arg('dir')) : undefined);
const browser = await launch();
const slow = Number(arg('slow', 1));
const r = await workPerPly(browser, srv.url, { turns: Number(arg('turns', 30)), rate: slow, level: arg('level', '20k') });
await browser.close();
await srv.close();
if (arg('profile')) fs.writeFileSync(arg('profile'), JSON.stringify(r.profile));
console.log(`${r.plies} plies at ${slow}× CPU: the app's main-thread time ${r.totalMs.toFixed(0)} ms, ${r.msPerPly.toFixed(2)} ms a ply; long tasks ${JSON.stringify(r.longTasks)}`);
