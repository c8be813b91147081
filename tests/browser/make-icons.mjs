// Makes the app's PNG icons from its SVG mark (assets/icon.svg) with Debian's Chromium:
//   node tests/browser/make-icons.mjs
// Writes assets/icons/icon-192.png, icon-512.png and icon-maskable-512.png (the mark keeps to
// the maskable safe zone, so one drawing serves both purposes). The PNGs are committed; run
// this again after changing the mark.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const svg = fs.readFileSync(path.join(root, 'assets/icon.svg'), 'utf8');
const out = path.join(root, 'assets/icons');
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const [name, size] of [['icon-192.png', 192], ['icon-512.png', 512], ['icon-maskable-512.png', 512]]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: path.join(out, name), omitBackground: false });
  await page.close();
  console.log(`${name}: ${fs.statSync(path.join(out, name)).size} bytes`);
}
await browser.close();
