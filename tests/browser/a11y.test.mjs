// Accessibility (issue 14): axe-core on every screen with zero violations, and a whole 9×9 game
// played as a blind player plays it — only keys pressed, only the live regions and the focused
// element's accessible name read (no pixel, class or id selectors in the game itself).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { useApp, newPage, point, SHOTS } from './harness.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Runs axe-core (WCAG 2.x A and AA, and best practices) on the page as it is now. */
async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.addScriptTag({ path: AXE });
  }
  return page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return {
      violations: r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`),
      passes: r.passes.length,
    };
  });
}

async function checkScreen(page, name, results) {
  const r = await axe(page);
  results.push(`${name}: ${r.violations.length} violations, ${r.passes} rules passed`);
  assert.deepEqual(r.violations, [], `axe on ${name}`);
}

/** Plays `moves` (vertices, or 'pass') by clicking, answering the pass question. */
async function clickMoves(page, moves) {
  for (const m of moves) {
    if (m === 'pass') {
      await page.click('#pass');
      await page.click('#dialog-yes');
    } else {
      await page.click(point(m));
    }
  }
}

for (const [label, options] of [['Chromebook', CHROMEBOOK], ['phone', PHONE]]) {
  for (const theme of ['light', 'high contrast']) {
    test(`axe finds nothing on any screen (${label}, ${theme})`, async () => {
      const page = await newPage(app.browser, options);
      const results = [];
      await page.goto(app.srv.url);
      await page.waitForSelector('#new-game');
      if (theme === 'high contrast') {
        await page.click('#settings-toggle');
        await page.click('#contrast-toggle');
        assert.equal(await page.getAttribute('html', 'data-contrast'), 'high');
        await page.click('#settings-toggle');
      }
      await checkScreen(page, 'home', results);
      await page.click('#settings-toggle');
      await checkScreen(page, 'settings', results);
      await page.click('#settings-toggle');
      await page.click('#new-game');
      await page.waitForSelector('#start-game');
      await checkScreen(page, 'new game', results);
      await page.click('summary');
      await checkScreen(page, 'new game, more settings', results);
      await page.click('button[data-size="9"]');
      await page.click('#start-game');
      await page.waitForSelector(point('E5'));
      await checkScreen(page, 'game (empty board)', results);
      await clickMoves(page, ['E5', 'D5', 'E4', 'D4']);
      await page.keyboard.press('Tab');
      await checkScreen(page, 'game (stones, last move)', results);
      await clickMoves(page, ['pass', 'pass']);
      await page.waitForSelector('#confirm-count');
      await checkScreen(page, 'counting', results);
      await page.click('#confirm-count');
      await page.click('#confirm-count');
      await page.waitForSelector('#result');
      await checkScreen(page, 'result', results);
      await page.click('#review-this');
      await page.waitForSelector('#review-slider');
      await checkScreen(page, 'review', results);
      // The teacher's board (学下棋's wasm) on this record, then on its position in the editor.
      await page.click('#review-teach');
      await page.waitForSelector('#record-move');
      await checkScreen(page, 'teacher\'s board on a record', results);
      await page.click('#edit-position');
      await page.waitForSelector('#to-move-black');
      await checkScreen(page, 'teacher\'s board, editing', results);
      await page.click('#learn-close');
      await page.click('#result-home, .brand');
      await page.waitForSelector('#games li');
      await checkScreen(page, 'home with the game list', results);
      console.log(`  axe (${label}, ${theme}):\n    ${results.join('\n    ')}`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
}

test('text scales to 200 %: nothing is cut off or needs sideways scrolling', async () => {
  // 200 % zoom of a 1366×768 Chromebook: the same pixels for a layout half as wide.
  const page = await newPage(app.browser, { viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 });
  await page.goto(app.srv.url);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.waitForSelector('#new-game');
  assert.equal(await overflow(), 0, 'home');
  await page.click('#new-game');
  assert.equal(await overflow(), 0, 'new game');
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  await page.waitForSelector(point('E5'));
  assert.equal(await overflow(), 0, 'game');
  // Every control of the game screen can be scrolled to and is as wide as its text.
  const clipped = await page.evaluate(() => [...document.querySelectorAll('button, input, select')]
    .filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
    .map((e) => e.id || e.textContent));
  assert.deepEqual(clipped, [], 'controls whose text is cut');
  await page.screenshot({ path: `${SHOTS}/zoom200-game.png` });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** The accessible name of the focused element, as a screen reader would read it. */
const focusedName = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return (e.getAttribute('aria-label') || e.textContent || '').trim();
});
const focusedRole = (page) => page.evaluate(() => document.activeElement.getAttribute('role') || document.activeElement.tagName.toLowerCase());

/** Tabs forward until the focused element's name matches `re` (at most 80 stops). */
async function tabTo(page, re) {
  for (let i = 0; i < 80; i++) {
    if (re.test(await focusedName(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`no focusable element named ${re}`);
}

/** Collects what the live regions say, in order, as a screen reader hears it. */
async function listen(page) {
  await page.evaluate(() => {
    window.__heard = [];
    const seen = new WeakSet();
    const watch = () => {
      for (const region of document.querySelectorAll('[aria-live]')) {
        if (seen.has(region)) continue;
        seen.add(region);
        new MutationObserver(() => {
          const text = region.textContent.trim();
          if (text) window.__heard.push(text.replace(/\u00a0/g, ''));
        }).observe(region, { childList: true, subtree: true, characterData: true });
      }
    };
    watch();
    new MutationObserver(watch).observe(document.body, { childList: true, subtree: true });
  });
}
const heard = (page) => page.evaluate(() => window.__heard.splice(0));

/** Moves the grid cursor to `vertex` with the arrow keys from where it is, reading only the
 * focused cell's name. */
async function walkTo(page, vertex) {
  const want = { col: 'ABCDEFGHJ'.indexOf(vertex[0]), row: Number(vertex.slice(1)) };
  for (let i = 0; i < 30; i++) {
    const name = await focusedName(page);
    const here = name.split('，')[0];
    const col = 'ABCDEFGHJ'.indexOf(here[0]);
    const row = Number(here.slice(1));
    if (col === want.col && row === want.row) return name;
    if (col < want.col) await page.keyboard.press('ArrowRight');
    else if (col > want.col) await page.keyboard.press('ArrowLeft');
    else if (row < want.row) await page.keyboard.press('ArrowUp');
    else await page.keyboard.press('ArrowDown');
  }
  throw new Error(`could not walk to ${vertex}`);
}

test('a whole 9×9 game by keyboard alone, heard through the live regions', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.waitForFunction(() => document.activeElement === document.body || document.activeElement);
  await listen(page);
  // Home → new game → 9×9 → start, by Tab and Enter.
  await tabTo(page, /^新对局$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^9×9$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^开始$/);
  await page.keyboard.press('Enter');
  // The board is one tab stop: a grid whose cells say what they hold.
  await tabTo(page, /^E5，天元，空$/);
  assert.equal(await focusedRole(page), 'gridcell');
  await heard(page);

  // Black walls the D line, White the E line; White invades at B5, Black answers at C5.
  // Half the moves by the arrows and Enter, half typed in the move field (M, then Enter).
  const moves = ['D5', 'E6', 'D4', 'E4', 'D6', 'E5', 'D3', 'E3', 'D7', 'E7',
    'D2', 'E2', 'D8', 'E8', 'D1', 'E1', 'D9', 'E9', 'C5', 'B5'];
  const said = [];
  for (const [i, m] of moves.entries()) {
    const colour = i % 2 === 0 ? '黑' : '白';
    if (i % 4 < 2) {
      await walkTo(page, m);
      await page.keyboard.press('Enter');
      // The focus stays where the stone went, and the cell says so.
      assert.equal(await focusedName(page), `${m}，${colour === '黑' ? '黑子' : '白子'}，最后一手`);
    } else {
      await page.keyboard.press('m');
      assert.match(await focusedName(page), /输入着手/);
      await page.keyboard.type(m.toLowerCase());
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      assert.equal(await focusedRole(page), 'gridcell', 'Escape goes back to the board');
    }
    const news = await heard(page);
    said.push(`${i + 1}. ${news.join(' / ')}`);
    assert.ok(news.some((t) => t.startsWith(`${colour} ${m}`)), `move ${i + 1}: heard ${news}`);
  }
  // The questions, answered without moving the cursor.
  await walkTo(page, 'B5');
  await page.keyboard.press('q');
  assert.deepEqual(await heard(page), ['B5：白 1 子，3 口气：B6、A5、B4']);
  await page.keyboard.press('l');
  assert.deepEqual(await heard(page), ['上一手：第 20 手，白 B5']);
  await page.keyboard.press('r');
  assert.deepEqual(await heard(page), ['第 5 行：白 B5、黑 C5、黑 D5、白 E5']);
  assert.match(await focusedName(page), /^B5，白子/, 'the cursor did not move');
  // An illegal move is refused with its reason, and nothing is played.
  await walkTo(page, 'D5');
  await page.keyboard.press('Enter');
  assert.deepEqual(await heard(page), ['占位：这里已经有子了']);
  // Both pass (P, then Enter on 是): counting starts, with the stones the app marks dead.
  for (const colour of ['黑', '白']) {
    await page.keyboard.press('p');
    // The question takes the focus on 是 as it opens.
    await page.waitForFunction(() => document.activeElement?.textContent.trim() === '是');
    await page.keyboard.press('Enter');
    const news = await heard(page);
    if (colour === '黑') assert.deepEqual(news, ['黑 停一手']);
    else {
      assert.equal(news.length, 1);
      assert.match(news[0], /^白 停一手。开始数子。死子：白 B5 1 子。黑 36 子 \/ 白 45 子，白胜/);
      said.push(`then: ${news[0]}`);
    }
  }
  // The marking is changed on the grid (Enter on a stone of the chain): B5 alive, then dead
  // again; the cell and the count say so.
  await walkTo(page, 'B5');
  assert.equal(await focusedName(page), 'B5，白子，死子，黑方');
  await page.keyboard.press('Enter');
  assert.match((await heard(page))[0], /^黑 22又1\/2 子 \/ 白 58又1\/2 子/);
  assert.equal(await focusedName(page), 'B5，白子');
  await page.keyboard.press('Enter');
  assert.match((await heard(page))[0], /^黑 36 子 \/ 白 45 子/);
  assert.equal(await focusedName(page), 'B5，白子，死子，黑方');
  await page.keyboard.press('s');
  assert.match((await heard(page))[0], /^黑 36 子 \/ 白 45 子，白胜/);
  // Both confirm the count; the result is said.
  await tabTo(page, /^黑方确认终局$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^白方确认终局$/);
  await page.keyboard.press('Enter');
  const result = await heard(page);
  assert.ok(result.some((t) => /白胜/.test(t)), `the result is said: ${result}`);
  console.log(`  the first ten moves as heard:\n    ${said.slice(0, 10).join('\n    ')}\n    …\n    ${said.slice(-1)}\n  result: ${result.join(' / ')}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('announcements: atari and captures politely; the last seconds assertively, with nothing said over them', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.clock.install({ time: new Date('2026-11-30T09:00:00+08:00') });
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.selectOption('#time-control', 'custom');
  await page.fill('#custom-main', '0');
  await page.fill('#custom-reserved', '1');
  await page.click('#start-game');
  await page.waitForSelector(point('E5'));
  await listen(page);
  // Face to face, the stones of the player to move: White E4 is left with one liberty.
  await clickMoves(page, ['D4', 'E4', 'E5', 'A1', 'F4']);
  const atari = await heard(page);
  assert.equal(atari.at(-1), '黑 F4。叫吃：白 E4 1 子，只剩一口气');
  await clickMoves(page, ['A2', 'E3']);
  assert.equal((await heard(page)).at(-1), '黑 E3，提 1 子');
  // White's 读秒 minute runs: 30秒 is news (polite); the count of the last seconds is said
  // over everything (assertive) and a move played meanwhile is said after it.
  await page.clock.runFor(30_500);
  assert.deepEqual(await heard(page), ['30秒']);
  await page.clock.runFor(25_000);
  assert.equal(await page.locator('[aria-live="assertive"]').textContent(), '5');
  await heard(page);
  await page.click(point('A3'));
  assert.deepEqual(await heard(page), [], 'nothing is said over the count');
  await page.clock.runFor(1_800);
  assert.deepEqual(await heard(page), ['白 A3'], 'the move is said after the count');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
