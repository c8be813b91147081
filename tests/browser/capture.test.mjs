// Capture Go (吃子棋, issue 15): a beginner plays the computer at 入门 and wins by clicking
// the capturing move; the record says what was played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, gtp, SHOTS, storedGame } from './harness.mjs';

const app = useApp();

test('capture Go against 入门: the beginner wins by clicking the capturing move', async (t) => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  // The computer's seeds come from the page's Math.random: fixed, so the game is the same
  // every run.
  await page.addInitScript(() => {
    let x = 20261130;
    Math.random = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  });
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('#vs-computer');
  await page.selectOption('#level', '25k');
  await page.click('#kind-capture');
  assert.equal(await page.getAttribute('button[data-size="7"]', 'aria-pressed'), 'true', '7×7 by default');
  assert.match(await page.textContent('#capture-help'), /按数子决定胜负/);
  await page.screenshot({ path: `${SHOTS}/chromebook-new-capture-go.png` });
  await page.click('#start-game');
  await page.waitForSelector('[role="gridcell"]');
  assert.equal((await page.textContent('#capture-badge')).trim(), '吃子棋 · 先吃 1 子胜');
  // The beginner's moves come from our own engine under the same rules (a stronger player
  // than 入门: it takes a capture when there is one and never allows one).
  const engine = gtp(['--rules', 'capture-1', '--seed', '5', '--playouts', '2000', '--no-resign']);
  t.after(() => engine.close());
  await engine.send('boardsize 7');
  let won = false;
  for (let turn = 0; turn < 40 && !won; turn++) {
    await page.waitForFunction(() => document.querySelector('#result') || /轮到 黑/.test(document.querySelector('#status')?.textContent ?? ''));
    if (await page.$('#result')) break;
    const record = await storedGame(page);
    await engine.send('clear_board');
    for (const m of record.moves) await engine.send(`play ${m}`);
    const move = await engine.send('genmove B');
    if (move === 'pass' || move === 'resign') break;
    await page.click(`svg.goban rect[data-vertex="${move}"]`);
    if (await page.waitForSelector('#result', { timeout: 300 }).catch(() => null)) won = true;
  }
  assert.ok(won, 'black captured first');
  // The first capture wins, whatever it takes (one stone or a chain).
  assert.match((await page.textContent('#result .result-words')).trim(), /^黑吃子胜（提\d+子）$/);
  assert.match(await page.textContent('#announce'), /提 \d+ 子。黑吃子胜（提\d+子）/);
  await page.screenshot({ path: `${SHOTS}/chromebook-capture-go-won.png` });
  const sgf = await page.evaluate(() => {
    const index = JSON.parse(localStorage.getItem('shoutan.index') || '[]');
    return JSON.parse(localStorage.getItem('shoutan.game.' + index[index.length - 1]));
  });
  assert.equal(sgf.capture_goal, 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
