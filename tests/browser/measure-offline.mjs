// Measures the offline start (issue 13); prints numbers, asserts nothing:
//   node tests/browser/measure-offline.mjs      (after a trunk build)
// - what the service worker precaches (entries, bytes)
// - time to interactive from the cache with the network off, CPU normal and throttled 6×
//   (navigation start → the home screen's button in the DOM), median of 5
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serve, DIST, CHROMIUM_ARGS, chromiumPath, markInteractive } from './harness.mjs';

const sw = fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8');
const list = JSON.parse(sw.match(/const PRECACHE = (\[[\s\S]*?\]);/)[1]);
const bytes = list.filter((f) => f !== './').reduce((n, f) => n + fs.statSync(path.join(DIST, f)).size, 0);
console.log(`precached: ${list.length} entries, ${(bytes / 1024).toFixed(1)} kB`);

const srv = await serve();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoutan-measure-'));
const context = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const page = context.pages()[0] || await context.newPage();
await page.addInitScript(markInteractive);
await page.goto(srv.url);
await page.evaluate(() => navigator.serviceWorker.ready);
await page.reload();
await page.evaluate(() => navigator.serviceWorker.ready);
await context.setOffline(true);
const cdp = await context.newCDPSession(page);
for (const rate of [1, 6]) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const times = [];
  for (let i = 0; i < 5; i++) {
    await page.reload();
    await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 60000 });
    times.push(await page.evaluate(() => window.__ready));
  }
  times.sort((a, b) => a - b);
  console.log(`offline, from the cache, CPU ${rate}×: time to interactive ${times[2].toFixed(0)} ms (median of 5)`);
}
await context.close();
await srv.close();
fs.rmSync(dir, { recursive: true, force: true });
