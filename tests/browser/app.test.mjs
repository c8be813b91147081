// Browser tests: the real app (dist/, served under a sub-path) clicked through in headless
// Chromium. Run by the README's test command after `trunk build` and `cargo build --bin gtp`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useApp, newPage, point, gtp, SHOTS, presetSettings } from './harness.mjs';

const app = useApp();

async function startGame(page, { size = 9, lang } = {}) {
  if (lang) await presetSettings(page, { lang });
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click(`button[data-size="${size}"]`);
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
}

const stoneCount = (page, c) => page.locator(`svg.goban circle[data-stone="${c}"]:not(.ghost)`).count();

test('a whole 9×9 game by clicks: two passes, counting, the engine\'s result', async (t) => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await startGame(page);
  // The moves come from the GTP engine's bot on a small budget (it never resigns here), so
  // the game runs to two passes, with captures on the way.
  const engine = gtp(['--seed', '7', '--playouts', '300', '--no-resign']);
  // Closed even when an assertion fails, so the test process can end.
  t.after(() => engine.close());
  await engine.send('boardsize 9');
  await engine.send('komi 7.5');
  let colour = 'b';
  let passes = 0;
  let moves = 0;
  while (passes < 2 && moves < 300) {
    const mv = (await engine.send(`genmove ${colour}`)).toUpperCase();
    if (mv === 'PASS') {
      passes += 1;
      await page.click('#pass');
      await page.click('#dialog-yes');
    } else {
      passes = 0;
      await page.click(point(mv));
    }
    moves += 1;
    colour = colour === 'b' ? 'w' : 'b';
  }
  assert.equal(passes, 2, 'the engine game ended with two passes');
  // The board shows what the engine has.
  const engineBlack = (await engine.send('list_stones black')).split(/\s+/).filter(Boolean).length;
  const engineWhite = (await engine.send('list_stones white')).split(/\s+/).filter(Boolean).length;
  assert.equal(await stoneCount(page, 'B'), engineBlack);
  assert.equal(await stoneCount(page, 'W'), engineWhite);
  // Counting: the engine's suggestion is pre-marked; both confirm, the player to move first.
  await page.waitForSelector('#confirm-count');
  await page.screenshot({ path: `${SHOTS}/chromebook-counting.png` });
  await page.click('#confirm-count');
  await page.click('#confirm-count');
  const shown = (await page.getAttribute('#result', 'data-result')).trim();
  const expected = await engine.send('final_score');
  engine.close();
  assert.equal(shown, expected, 'the counted result equals the engine\'s final_score');
  assert.match(await page.textContent('#result .result-words'), /^(黑胜|白胜|和棋)/);
  // One language at a time: the Chinese screen says the result in Chinese, never as B+/W+.
  assert.doesNotMatch(await page.textContent('#result'), /[BW]\+/);
  assert.doesNotMatch(await page.textContent('#status'), /[BW]\+/);
  await page.click('.brand');
  assert.doesNotMatch(await page.textContent('#games'), /[BW]\+/);
  assert.ok(moves > 40, `a real game was played (${moves} moves)`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a capture disappears from the board and is counted', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await startGame(page);
  // Black surrounds the white stone on E5.
  for (const v of ['D5', 'E5', 'F5', 'A1', 'E6', 'A2', 'E4']) await page.click(point(v));
  assert.equal(await stoneCount(page, 'W'), 2, 'E5 was captured');
  assert.match(await page.textContent('.player-line[data-colour="B"] .caps'), /1/);
  assert.match(await page.textContent('#announce'), /黑 E4，提 1 子/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('while the app\'s wasm downloads the page shows the title where the home screen puts it; the app replaces it', async () => {
  const page = await newPage(app.browser, { viewport: { width: 390, height: 844 } });
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/shoutan-[0-9a-f]+_bg\.wasm$/, async (r) => { await held; await r.continue(); });
  await page.goto(app.srv.url, { waitUntil: 'commit' });
  await page.waitForSelector('#splash .splash-title');
  assert.equal(await page.locator('#new-game').count(), 0, 'the app is not there yet');
  const splashTitle = await page.locator('#splash .splash-title').boundingBox();
  release();
  await page.waitForSelector('#new-game');
  assert.equal(await page.locator('#splash').count(), 0, 'the splash is gone once the app is in');
  // (A first visit where storage is not persistent says so once, above the title.)
  await page.click('#storage-warning button[aria-label]');
  const title = await page.locator('.home h1').boundingBox();
  assert.ok(Math.abs(title.y - splashTitle.y) <= 8, `the title stays where it was (${splashTitle.y} → ${title.y})`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the stone\'s sound waits for its paint: the sound is made ready when the game opens, played after the click', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  // What the page asks of WebAudio, and whether a click's own task is still running then.
  await page.addInitScript(() => {
    window.__audio = [];
    document.addEventListener('click', () => {
      window.__clicking = true;
      setTimeout(() => { window.__clicking = false; }, 0);
    }, true);
    const Base = window.AudioContext;
    window.AudioContext = class extends Base {
      constructor(...a) { super(...a); window.__audio.push(['made', !!window.__clicking]); }
      createOscillator() {
        const o = super.createOscillator();
        const start = o.start.bind(o);
        o.start = (...a) => { window.__audio.push(['played', !!window.__clicking]); return start(...a); };
        return o;
      }
    };
  });
  await startGame(page);
  await page.waitForFunction(() => window.__audio.length > 0);
  assert.deepEqual(await page.evaluate(() => window.__audio), [['made', false]], 'made after the game screen\'s paint, before any stone');
  await page.click(point('E5'));
  await page.click(point('D5'));
  await page.waitForFunction(() => window.__audio.length === 3);
  assert.deepEqual(await page.evaluate(() => window.__audio), [['made', false], ['played', false], ['played', false]], 'one context; each tone after its click\'s task');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a move redraws only what it changed: the board, the turn, the captures, the status', async () => {
  // With erased components a rebuilt element has all its attributes set again; a move used to
  // rebuild both players' lines and the typed-move field (66 changes on a 19×19 move, now ~20).
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await startGame(page);
  for (const v of ['D5', 'E5', 'F5', 'A1', 'E6', 'A2']) await page.click(point(v));
  await page.evaluate(() => {
    window.__changed = [];
    new MutationObserver((list) => {
      for (const m of list) {
        const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
        if (el.closest('svg.goban, #status, #announce, #message')) continue;
        window.__changed.push(`${el.tagName}.${el.getAttribute('class') ?? ''} ${m.type} ${m.attributeName ?? ''}`.trim());
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.click(point('E4')); // captures E5
  await page.waitForTimeout(200);
  const changed = await page.evaluate(() => window.__changed);
  // Whose turn it is on both lines, and black's captures.
  assert.deepEqual(changed.sort(), [
    'DIV.player-line attributes class',
    'DIV.player-line to-move attributes class',
    'SPAN.caps characterData',
  ], JSON.stringify(changed));
  assert.match(await page.textContent('.player-line[data-colour="B"] .caps'), /1/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a quiet 19×19 move touches only the points it changed and a fixed few: at most 12 changes', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await presetSettings(page);
  await startGame(page, { size: 19 });
  for (const v of ['D4', 'Q16', 'D16']) await page.click(point(v));
  for (const v of ['Q4', 'K10', 'C3']) {
    await page.hover(point(v));
    await page.waitForTimeout(50);
    await page.evaluate(() => {
      window.__m = [];
      window.__obs = new MutationObserver((list) => {
        for (const m of list) {
          const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
          const node = [...m.addedNodes, ...m.removedNodes][0];
          window.__m.push({
            type: m.type,
            attr: m.attributeName,
            vertex: el.getAttribute('data-vertex'),
            where: el.closest('svg.goban') ? 'board' : (el.closest('[id]')?.id ?? el.className),
            node: node?.getAttribute?.('class') ?? null,
          });
        }
      });
      window.__obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.click(point(v));
    await page.waitForTimeout(300);
    const m = await page.evaluate(() => { window.__obs.disconnect(); return window.__m; });
    assert.ok(m.length <= 12, `${m.length} changes: ${JSON.stringify(m)}`);
    const board = m.filter((x) => x.where === 'board');
    // On the board: the stone, the last-move marker moved, the hover ghost gone; the names of
    // this point and the last move's point; the tab stop.
    const drawn = board.filter((x) => x.type === 'childList').map((x) => x.node);
    for (const c of drawn) {
      assert.match(c, /^(stone (black|white)( ghost)?|last on-(black|white))$/, JSON.stringify(board));
    }
    assert.equal(drawn.filter((c) => /^stone (black|white)$/.test(c)).length, 1, JSON.stringify(board));
    for (const x of board.filter((x) => x.type === 'attributes')) {
      assert.ok(['aria-label', 'tabindex'].includes(x.attr), JSON.stringify(x));
    }
    assert.ok(board.filter((x) => x.attr === 'aria-label').length <= 2, JSON.stringify(board));
    // Whatever follows for White: the next move is White's.
    await page.click(point({ Q4: 'R3', K10: 'L11', C3: 'B2' }[v]));
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('illegal moves are refused with their reason', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await startGame(page);
  await page.click(point('E5'));
  await page.click(point('E5'));
  assert.match(await page.textContent('#message'), /占位/);
  // A forbidden point: white may not play into black's one-point eye at A9.
  for (const v of ['J1', 'B9', 'J2', 'A8', 'J3', 'H2']) await page.click(point(v));
  await page.click(point('A9'));
  assert.match(await page.textContent('#message'), /禁着点/);
  assert.equal(await stoneCount(page, 'W'), 3);
  // A ko: black takes, white may not retake at once.
  const page2 = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await startGame(page2);
  for (const v of ['D5', 'E5', 'E6', 'F6', 'E4', 'F4', 'J9', 'G5', 'F5']) await page2.click(point(v));
  await page2.click(point('E5'));
  assert.match(await page2.textContent('#message'), /打劫/);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(page2.errors, []);
  await page.context().close();
  await page2.context().close();
});

test('keyboard play: arrows move the cursor, Enter plays', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await startGame(page);
  await page.focus('[role="gridcell"][tabindex="0"]');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  // From the centre E5: left and up is D6.
  assert.equal(await page.locator('svg.goban circle[data-stone="B"]').count(), 1);
  assert.match(await page.textContent('#announce'), /黑 D6/);
  await page.keyboard.press('p');
  await page.click('#dialog-yes');
  assert.match(await page.textContent('#announce'), /白 停一手/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('touch: the first tap previews, the second plays', async () => {
  const page = await newPage(app.browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await startGame(page);
  await page.tap(point('C3'));
  assert.equal(await stoneCount(page, 'B'), 0, 'no stone after one tap');
  assert.match(await page.textContent('#message'), /再点一次/);
  await page.tap(point('C3'));
  assert.equal(await stoneCount(page, 'B'), 1, 'a stone after the second tap');
  for (const v of ['D4', 'E5', 'C4', 'D5', 'F5', 'D6', 'G5']) {
    await page.tap(point(v));
    await page.tap(point(v));
  }
  await page.screenshot({ path: `${SHOTS}/phone-game.png` });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a reload keeps the game; English is one switch away; screenshots', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await startGame(page, { size: 19 });
  for (const v of ['Q16', 'D4', 'Q4', 'D16', 'R10']) await page.click(point(v));
  await page.screenshot({ path: `${SHOTS}/chromebook-19.png` });
  // A reload lands on the game's board (its address), not on the home screen.
  await page.reload();
  await page.waitForSelector('svg.goban');
  assert.match(page.url(), /#\/game\/\d+$/);
  assert.equal(await stoneCount(page, 'B'), 3);
  assert.equal(await stoneCount(page, 'W'), 2);
  await page.click('#settings-toggle');
  await page.click('#lang-toggle');
  assert.match(await page.textContent('#status'), /To move White/);
  await page.click('#theme-toggle');
  await page.click('#settings-toggle');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.screenshot({ path: `${SHOTS}/chromebook-19-dark-en.png` });
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['chromebook', { width: 1366, height: 768 }]]) {
    const p = await newPage(app.browser, { viewport });
    await p.goto(app.srv.url);
    await p.waitForSelector('#new-game');
    await p.screenshot({ path: `${SHOTS}/${name}-home.png` });
    await p.click('#new-game');
    await p.screenshot({ path: `${SHOTS}/${name}-new-game.png`, fullPage: true });
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('nigiri is shown and decides the colours', async () => {
  const page = await newPage(app.browser, { viewport: { width: 390, height: 844 } });
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('#more-settings summary');
  await page.fill('#black-name', '甲');
  await page.fill('#white-name', '乙');
  await page.click('#use-nigiri');
  await page.click('#start-game');
  await page.click('#guess-odd');
  const text = await page.textContent('#nigiri-result');
  await page.screenshot({ path: `${SHOTS}/phone-nigiri.png` });
  const right = /猜中/.test(text) && !/未猜中/.test(text);
  await page.click('#nigiri-start');
  await page.waitForSelector('svg.goban');
  const blackName = await page.textContent('.player-line[data-colour="B"] .pname');
  assert.equal(blackName, right ? '甲' : '乙');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the result screen keeps the count: dead stones, territory and each side\'s 子; the exported record shows them again in 复盘', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  await startGame(page);
  // Black's wall on E, White's on F; a white stone at B7 left dead inside Black's side.
  for (let row = 1; row <= 9; row += 1) {
    await page.click(point(`E${row}`));
    await page.click(point(`F${row}`));
  }
  await page.click(point('C3'));
  await page.click(point('B7'));
  for (let i = 0; i < 2; i += 1) {
    await page.click('#pass');
    await page.click('#dialog-yes');
  }
  await page.waitForSelector('#confirm-count');
  if (await page.locator('svg.goban circle.dead').count() === 0) await page.click(point('B7'));
  await page.click('#confirm-count');
  await page.click('#confirm-count');
  await page.waitForSelector('#result');
  // The board after the count: the dead stone, 35 points of Black's (B7 among them), 27 of White's.
  // On the screen shown: the game's, or 复盘's (in 学下棋's layer, over the game).
  const marks = async (p, on = '') => ({
    dead: await p.locator(`${on} svg.goban-stones circle.dead`).count(),
    black: await p.locator(`${on} svg.goban-stones rect.terr.black`).count(),
    white: await p.locator(`${on} svg.goban-stones rect.terr.white`).count(),
  });
  assert.deepEqual(await marks(page), { dead: 1, black: 35, white: 27 });
  assert.equal((await page.textContent('#result-count')).trim(), '黑 45 子 / 白 36 子');
  assert.equal((await page.textContent('#result .result-words')).trim(), '黑胜3/4子');
  // Why 9 became ¾: what Black needed, the komi in it (总则 第九条, 竞赛规定 第二条).
  assert.equal((await page.textContent('#result-needed')).trim(), '黑 45 子，要多于 44又1/4 子才赢（含贴 3又3/4 子）');
  await page.screenshot({ path: `${SHOTS}/chromebook-result-count.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#result').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-result-count.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
  const phone = await newPage(app.browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  // 复盘 of the game, at its last move: the same marks.
  await page.click('#review-this');
  await page.waitForSelector('#review-move');
  assert.deepEqual(await marks(page, '#learn-root'), { dead: 1, black: 35, white: 27 });
  // Exported and opened on another device: 复盘's last position shows the agreed count.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#review-export')]);
  const sgf = fs.readFileSync(await download.path(), 'utf8');
  assert.match(sgf, /TB\[[^;]*\[bc\]/, 'the dead stone B7 is in black\'s territory');
  await phone.goto(app.srv.url);
  await phone.setInputFiles('#open-sgf', { name: 'counted.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf) });
  await phone.waitForSelector('#review-move');
  assert.match(await phone.textContent('#review-move'), /第 22 \/ 22/);
  assert.deepEqual(await marks(phone, '#learn-root'), { dead: 1, black: 35, white: 27 });
  await phone.screenshot({ path: `${SHOTS}/phone-review-counted.png` });
  assert.deepEqual(page.errors, []);
  assert.deepEqual(phone.errors, []);
  await page.context().close();
  await phone.context().close();
});
