// Capture Go (吃子棋, issue 15): a beginner plays the computer at 入门 and wins by clicking
// the capturing move; the record says what was played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, SHOTS } from './harness.mjs';

const app = useApp();
const LETTERS = 'ABCDEFGHJKLMNOPQRST';

/** The board as the grid's cells name it: { 'D4': 'B' | 'W' | null }. */
async function readBoard(page) {
  const labels = await page.$$eval('[role="gridcell"]', (cells) => cells.map((c) => c.getAttribute('aria-label')));
  const board = {};
  for (const l of labels) {
    const [v, what] = l.split('，');
    board[v] = what === '黑子' ? 'B' : what === '白子' ? 'W' : null;
  }
  return board;
}

function neighbours(v, n) {
  const c = LETTERS.indexOf(v[0]);
  const r = Number(v.slice(1));
  return [[c - 1, r], [c + 1, r], [c, r - 1], [c, r + 1]]
    .filter(([c, r]) => c >= 0 && c < n && r >= 1 && r <= n)
    .map(([c, r]) => `${LETTERS[c]}${r}`);
}

/** Chains of `colour` with their liberties. */
function chains(board, colour, n) {
  const seen = new Set();
  const out = [];
  for (const v of Object.keys(board)) {
    if (board[v] !== colour || seen.has(v)) continue;
    const stones = [v];
    const libs = new Set();
    seen.add(v);
    for (let i = 0; i < stones.length; i++) {
      for (const q of neighbours(stones[i], n)) {
        if (board[q] === null) libs.add(q);
        else if (board[q] === colour && !seen.has(q)) { seen.add(q); stones.push(q); }
      }
    }
    out.push({ stones, libs: [...libs] });
  }
  return out;
}

/** A simple beginner: capture if it can; else a move that leaves every own chain at least
 * two liberties, preferring one that puts a white chain in atari. */
function chooseMove(board, n) {
  const atari = chains(board, 'W', n).find((c) => c.libs.length === 1);
  if (atari) return { move: atari.libs[0], capture: true };
  let best = null;
  for (const v of Object.keys(board)) {
    if (board[v] !== null) continue;
    const after = { ...board, [v]: 'B' };
    const safe = chains(after, 'B', n).every((c) => c.libs.length >= 2);
    if (!safe) continue;
    const threats = chains(after, 'W', n).filter((c) => c.libs.length === 1).length;
    const libs = chains(after, 'B', n).find((c) => c.stones.includes(v)).libs.length;
    const score = threats * 10 + libs;
    if (!best || score > best.score) best = { move: v, score };
  }
  return { move: best?.move ?? Object.keys(board).find((v) => board[v] === null), capture: false };
}

test('capture Go against 入门: the beginner wins by clicking the capturing move', async () => {
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
  await page.selectOption('#level', 'beginner');
  await page.click('#kind-capture');
  assert.equal(await page.getAttribute('button[data-size="7"]', 'aria-pressed'), 'true', '7×7 by default');
  assert.match(await page.textContent('#capture-help'), /按数子决定胜负/);
  await page.screenshot({ path: `${SHOTS}/chromebook-new-capture-go.png` });
  await page.click('#start-game');
  await page.waitForSelector('[role="gridcell"]');
  assert.equal((await page.textContent('#capture-badge')).trim(), '吃子棋 · 先吃 1 子胜');
  let won = false;
  for (let turn = 0; turn < 40 && !won; turn++) {
    await page.waitForFunction(() => document.querySelector('#result') || /轮到 黑/.test(document.querySelector('#status')?.textContent ?? ''));
    if (await page.$('#result')) break;
    const board = await readBoard(page);
    const { move, capture } = chooseMove(board, 7);
    await page.click(`svg.goban rect[data-vertex="${move}"]`);
    if (capture) {
      await page.waitForSelector('#result');
      won = true;
    }
  }
  assert.ok(won, 'black captured first');
  // The first capture wins, whatever it takes (one stone or a chain).
  assert.match((await page.textContent('.result-zh')).trim(), /^黑吃子胜（提\d+子）$/);
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
