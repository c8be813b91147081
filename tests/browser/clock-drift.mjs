// Runs the real app for two minutes with a running clock, the page frozen (as a hidden or
// sleeping tab is) half of the time, and prints the clock's error against wall time.
//   node tests/browser/clock-drift.mjs        (after a trunk build)
import { serve, launch } from './harness.mjs';

const srv = await serve();
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await page.goto(srv.url);
await page.click('#new-game');
await page.click('button[data-size="9"]');
await page.selectOption('#time-control', 'blitz'); // 10 minutes absolute
await page.click('#start-game');
await page.click('svg.goban rect[data-vertex="E5"]'); // white's clock starts

const read = () =>
  page.evaluate(() => {
    const el = document.querySelector('.clock[data-clock="W"]');
    return { ms: Number(el.dataset.ms), at: Number(el.dataset.at), wall: Date.now() };
  });

await page.waitForTimeout(1000);
const first = await read();
const total = 120_000;
const slice = 20_000;
let frozen = 0;
for (let t = 0; t < total; t += slice) {
  const freeze = (t / slice) % 2 === 1;
  if (freeze) await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await new Promise((r) => setTimeout(r, slice));
  if (freeze) {
    await cdp.send('Page.setWebLifecycleState', { state: 'active' });
    frozen += slice;
  }
}
await page.waitForTimeout(400);
const last = await read();
const used = first.ms - last.ms;
const wall = last.at - first.at;
console.log(`ran ${((last.at - first.at) / 1000).toFixed(1)} s of wall time, ${frozen / 1000} s of it frozen`);
console.log(`clock used ${used} ms against ${wall} ms of wall time: error ${Math.abs(used - wall)} ms`);
console.log(`the display was ${last.wall - last.at} ms old when read (ticks every 200 ms)`);
await browser.close();
await srv.close();
