// Cold load at 6× CPU over 1.6 Mbps / 150 ms, no cache, with the requests it made (what
// was fetched when, and how long each took).   node tests/browser/trace-cold.mjs [--dir dist]
import fs from 'node:fs';
import { serve, launch, newPage, markInteractive, point, DIST } from './harness.mjs';
const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const dir = fs.realpathSync(arg('--dir', DIST));
const srv = await serve(dir, { gzip: !process.argv.includes('--raw') });
const browser = await launch();
const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 200000 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
const reqs = new Map();
let t0 = null;
cdp.on('Network.requestWillBeSent', (e) => { if (t0 === null) t0 = e.timestamp; reqs.set(e.requestId, { url: e.request.url.split('/').pop() || '/', start: e.timestamp }); });
cdp.on('Network.loadingFinished', (e) => { const r = reqs.get(e.requestId); if (r) { r.end = e.timestamp; r.bytes = e.encodedDataLength; } });
await page.addInitScript(markInteractive);
await page.goto(srv.url, { waitUntil: 'commit' });
await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 120000, polling: 20 });
const home = await page.evaluate(() => window.__ready);
await page.click('#new-game');
const dialog = await page.evaluate(() => performance.now());
await page.click('#start-game');
await page.waitForSelector('svg.goban rect[data-vertex]');
const board = await page.evaluate(() => performance.now());
await page.click(point('E5'));
await page.waitForSelector('svg.goban circle[data-stone]');
const stone = await page.evaluate(() => performance.now());
console.log(`home ${home.toFixed(0)} ms, dialog ${dialog.toFixed(0)}, board ${board.toFixed(0)}, stone ${stone.toFixed(0)}`);
for (const r of [...reqs.values()].sort((a, b) => a.start - b.start)) {
  console.log(`${r.url.slice(0, 40).padEnd(40)} ${((r.start - t0) * 1000).toFixed(0).padStart(6)} → ${r.end ? ((r.end - t0) * 1000).toFixed(0).padStart(6) : '     …'} ms  ${r.bytes ?? ''}`);
}
await browser.close();
await srv.close();
