// The computer's check of a teacher's problem file (issue 52, part 4) timed in the page, at a
// CPU slowdown (6×: a slow Chromebook, CDP Emulation.setCPUThrottlingRate): each file is
// imported into 学下棋 as a teacher does, and each problem's verdict is timed where it is read
// (learn_bg.wasm, one problem per task; the set's summary carries `data-read`, "ms:nodes" per
// problem). The default files: the three built-in sets (the tactics of issue 52: captures,
// ataris to the edge, double ataris, escapes, life and death) and tests/data/problems/
// teacher-check.sgf (one problem the reader cannot decide: its whole budget).
//   node tests/browser/measure-proofs.mjs [--slow 6] [--runs 3] [--dir dist] [--file F]…
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, launch, newPage } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, d) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : d;
};
const slow = Number(arg('slow', 6));
const runs = Number(arg('runs', 3));
const given = process.argv.flatMap((a, i) => (a === '--file' ? [process.argv[i + 1]] : []));
const files = given.length ? given : [
  ...['capture', 'tesuji', 'life'].map((k) => path.resolve(here, `../../src/learn/problems/${k}.sgf`)),
  path.resolve(here, '../data/problems/teacher-check.sgf'),
];
const srv = await serve(arg('dir') ? fs.realpathSync(arg('dir')) : undefined);
const browser = await launch();

/** One import of `file` at the slowdown: [{ problem, ms, nodes, verdict }] and the long tasks. */
async function once(file) {
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await page.goto(srv.url);
  await page.click('#learn');
  await page.waitForSelector('#open-problems');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow });
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(Math.round(e.duration)); })
      .observe({ type: 'longtask' });
  });
  await page.setInputFiles('#open-problems', file);
  await page.waitForSelector('#question');
  await page.click('#problem-list');
  const summary = page.locator('.proof-summary').last();
  await page.waitForFunction(() => {
    const s = [...document.querySelectorAll('.proof-summary')].pop();
    return s && !(s.dataset.read || '-').split(',').includes('-');
  }, null, { timeout: 600000, polling: 500 });
  const read = (await summary.getAttribute('data-read')).split(',').map((x) => x.split(':').map(Number));
  const verdicts = await page.locator('.problem-set').last().locator('.problem-button')
    .evaluateAll((b) => b.map((x) => (x.textContent.endsWith('!') ? 'doubtful' : x.textContent.endsWith('?') ? 'unsure' : 'proved')));
  const longTasks = await page.evaluate(() => window.longTasks);
  await page.context().close();
  return { problems: read.map(([ms, nodes], i) => ({ problem: i + 1, ms, nodes, verdict: verdicts[i] })), longTasks };
}

const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
console.log(`The computer's check of imported problems at ${slow}× CPU, ${runs} runs (median ms a problem):`);
let all = [];
for (const file of files) {
  const results = [];
  for (let r = 0; r < runs; r++) results.push(await once(file));
  const rows = results[0].problems.map((p, i) => ({ ...p, ms: median(results.map((x) => x.problems[i].ms)) }));
  all = all.concat(rows);
  const worst = Math.max(...rows.map((p) => p.ms));
  console.log(`${path.basename(file)}: ${rows.length} problems, median ${median(rows.map((p) => p.ms))} ms, slowest ${worst} ms; ` +
    `${rows.filter((p) => p.verdict === 'proved').length} proved, ${rows.filter((p) => p.verdict === 'doubtful').length} doubtful, ` +
    `${rows.filter((p) => p.verdict === 'unsure').length} not sure; longest task ${Math.max(0, ...results.flatMap((x) => x.longTasks))} ms`);
  for (const p of rows.filter((p) => p.ms >= 100 || p.verdict !== 'proved')) {
    console.log(`  problem ${p.problem}: ${p.verdict}, ${p.nodes} nodes, ${p.ms} ms`);
  }
}
const decided = all.filter((p) => p.verdict !== 'unsure');
console.log(`all: ${all.length} problems; decided ones within ${Math.max(...decided.map((p) => p.ms))} ms, ` +
  `${all.filter((p) => p.ms <= 1000).length}/${all.length} within a second`);
await browser.close();
await srv.close();
