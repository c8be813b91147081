// Referee mode in the real app: an illegal move becomes a pass, two warnings end the game, a
// draw verdict, and the exported SGF carries the events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useApp, newPage, point, SHOTS } from './harness.mjs';

const app = useApp();


async function startReferee(page) {
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#more-settings summary');
  await page.click('#referee-mode');
  await page.click('#start-game');
  await page.waitForSelector('#mode-badge');
}

async function openPanel(page) {
  await page.click('#referee');
  await page.click('#dialog-yes');
  await page.waitForSelector('#referee-panel');
}

test('a forbidden point is void and counts as a pass; a draw verdict; the SGF keeps it all', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  await startReferee(page);
  for (const v of ['B9', 'J1', 'A8', 'J2', 'J3']) await page.click(point(v));
  await page.click(point('A9')); // white into black's eye: void, a pass
  assert.match(await page.textContent('#message'), /禁着点.*白着手无效，弃权一次/);
  assert.equal(await page.locator('svg.goban circle[data-stone="W"]').count(), 2);
  assert.match(await page.textContent('#status'), /轮到 黑/);
  // Immediate ko recapture: void too.
  await openPanel(page);
  await page.click('#verdict-draw');
  assert.equal((await page.textContent('#result .result-words')).trim(), '和棋');
  assert.equal((await page.getAttribute('#result', 'data-result')).trim(), '0');
  await page.screenshot({ path: `${SHOTS}/chromebook-referee.png` });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-sgf')]);
  const sgf = fs.readFileSync(await download.path(), 'utf8');
  assert.match(sgf, /RE\[0\]/);
  assert.match(sgf, /;W\[\]C\[裁判 \[[0-9-]+ [0-9:]+ UTC\\\] 白禁着点，着手无效，弃权一次/);
  assert.match(sgf, /判决：和棋/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the second warning loses the game', async () => {
  const page = await newPage(app.browser, { viewport: { width: 390, height: 844 } });
  await startReferee(page);
  await page.click(point('E5'));
  await openPanel(page);
  await page.click('#warn-white');
  assert.equal(await page.locator('#result').count(), 0, 'one warning is only recorded');
  assert.match(await page.textContent('#warn-white'), /\(1\)/);
  await page.screenshot({ path: `${SHOTS}/phone-referee.png`, fullPage: true });
  await page.selectOption('#warn-reason', '1');
  await page.click('#warn-white');
  assert.equal((await page.textContent('#result .result-words')).trim(), '黑胜（白判负）');
  assert.equal((await page.getAttribute('#result', 'data-result')).trim(), 'B+F');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
