// The page's main-thread tasks while the computer (最强, the network) thinks, at a CPU slowdown,
// in an untimed and a timed game, beside the same browser's own cost of a frame: a bare page
// that only changes one text each second (what a running clock must cost at least).
//   node tests/browser/measure-thinking.mjs [--slow 6] [--dir dist]
import fs from 'node:fs';
import { serve, launch, newPage, point, presetSettings, newComputerGame } from './harness.mjs';

const arg = (name, d) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : d;
};
const slow = Number(arg('slow', 6));
const srv = await serve(arg('dir') ? fs.realpathSync(arg('dir')) : undefined);
const browser = await launch();

const observe = () => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.longTasks.push({ at: e.startTime, ms: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: false });
  window.thinking = [];
  let since = null;
  new MutationObserver(() => {
    const now = !!document.querySelector('#thinking');
    if (now && since === null) since = performance.now();
    if (!now && since !== null) { window.thinking.push([since, performance.now()]); since = null; }
  }).observe(document.body, { subtree: true, childList: true });
};

async function bare() {
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await page.setContent('<span id="c">10:00</span><script>let n = 600; setInterval(() => { n--; document.getElementById("c").textContent = `${Math.floor(n / 60)}:${String(n % 60).padStart(2, "0")}`; }, 1000);</script>');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow });
  await page.evaluate(observe);
  await page.waitForTimeout(10000);
  const tasks = await page.evaluate(() => window.longTasks.map((t) => t.ms));
  await page.context().close();
  return tasks;
}

async function game(minutes) {
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await presetSettings(page);
  await page.goto(srv.url);
  await newComputerGame(page, 'max', minutes);
  await page.waitForSelector('#model[data-model="ready"]', { state: 'attached', timeout: 60000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow });
  await page.evaluate(observe);
  const times = [];
  for (const v of ['E5', 'C3']) {
    const n = await page.locator('svg.goban circle[data-stone]').count();
    const t0 = Date.now();
    await page.click(point(v));
    await page.waitForFunction((k) => document.querySelectorAll('svg.goban circle[data-stone]').length >= k + 2, n, { timeout: 60000, polling: 250 });
    times.push(Date.now() - t0);
  }
  const { tasks, thinking } = await page.evaluate(() => ({ tasks: window.longTasks, thinking: window.thinking }));
  await page.context().close();
  const during = tasks.filter((t) => thinking.some(([a, b]) => t.at > a + 100 && t.at < b - 20)).map((t) => t.ms);
  return { times, during, all: tasks.map((t) => t.ms) };
}

const base = await bare();
console.log(`at ${slow}× CPU: a bare page changing one text a second: long tasks ${JSON.stringify(base)}`);
for (const minutes of [0, 10]) {
  const r = await game(minutes);
  console.log(`最强, 9×9, ${minutes ? `${minutes} min + 读秒` : 'untimed'}: ${r.times.join(', ')} ms a move; long tasks while it thought ${JSON.stringify(r.during)} (all: ${JSON.stringify(r.all)})`);
}
await browser.close();
await srv.close();
