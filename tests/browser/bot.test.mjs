// The computer opponent in the real app: a 9×9 game against it to a counted end, with the
// page's main thread watched for long tasks while the bot thinks in its Web Worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, point, gtp, SHOTS, storedGame, presetSettings, playerTurn, newComputerGame } from './harness.mjs';

const app = useApp();


test('a 9×9 game against the computer plays to a counted end; the page stays responsive', async (t) => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  const fetched = [];
  // The page's own requests; the service worker's precaching of the bot (for offline use,
  // in the background after the first visit) is not the page waiting for it.
  page.context().on('request', (r) => { if (!r.serviceWorker()) fetched.push(r.url()); });
  // Sound off (the AudioContext's creation is a long task of its own, not the bot's).
  await presetSettings(page);
  await page.goto(app.srv.url);
  // Long tasks on the page's main thread, from the start of the game on.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push({ at: e.startTime, ms: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: false });
    // Each time "电脑思考中…" appears (counted in the page: a beginner's search takes a few
    // tens of ms, too short to catch reliably by polling from the test).
    window.thinkingShown = 0;
    let showing = false;
    new MutationObserver(() => {
      const now = !!document.querySelector('#thinking');
      if (now && !showing) window.thinkingShown += 1;
      showing = now;
    }).observe(document.body, { subtree: true, childList: true });
  });
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#vs-computer');
  await page.click('#human-black');
  // 1 级 (one network evaluation a move): a clean game against the weak player below, whose
  // end the app and the engine count alike (against 20 级 the board ends in scattered stones
  // whose life the two judge differently).
  await page.selectOption('#level', '1k');
  // The bot's wasm is not part of the app shell: the page fetched nothing of it before the
  // game (it starts with a game against the computer).
  assert.deepEqual(fetched.filter((u) => u.includes('worker')), []);
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
  await page.evaluate(() => { window.screenShown = performance.now(); });
  // The player is a weaker engine (50 playouts a move, never resigns), so the game is long
  // and ends by two passes.
  const player = gtp(['--seed', '3', '--playouts', '50', '--no-resign']);
  // Closed even when an assertion fails, so the test process can end.
  t.after(() => player.close());
  await player.send('boardsize 9');
  await player.send('komi 7.5');
  let synced = 0;
  let thinkingSeen = 0;
  let probes = [];
  for (let turn = 0; turn < 200; turn++) {
    // The player's turn (after the computer's answer), until play ends.
    const t = await playerTurn(page, player, synced, 30000);
    synced = t.synced;
    if (t.over) break;
    // Responsiveness is measured from the first move on, while the computer thinks. (Mounting
    // the game screen costs one ~50-80 ms task on this machine in about half the runs, right
    // after it appears; it is printed below and tracked as an open finding, not hidden.)
    if (turn === 0) await page.evaluate(() => { window.gameStart = performance.now(); });
    // While the computer thinks, the page answers at once.
    if (await page.$('#thinking')) {
      const t0 = Date.now();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
      probes.push(Date.now() - t0);
    }
  }
  thinkingSeen = await page.evaluate(() => window.thinkingShown);
  assert.ok(thinkingSeen > 5, `the computer was seen thinking (${thinkingSeen} times)`);
  assert.ok(fetched.some((u) => /\/worker(-simd|-relaxed)?_bg\.wasm$/.test(u)), 'the worker fetched the bot on demand');
  assert.ok(Math.max(...probes) < 250, `a frame while the bot thinks took at most ${Math.max(...probes)} ms`);
  // The page never blocks: no main-thread task a search would make (the bot's move on the page
  // itself would be one task of its whole thinking time, at least 300 ms at 入门). How long the
  // page's own tasks are is a speed target, measured, not asserted here: a move costs about
  // 10 ms on this machine (`node tests/browser/measure-moves.mjs`), but the machine's own
  // frames vary threefold by the hour (`measure-thinking.mjs` sets a bare page beside ours), and
  // tasks of 51–56 ms came and went between runs of the same build. They are printed.
  const longTasks = await page.evaluate(() => window.longTasks.filter((t) => t.at >= window.gameStart && t.ms > 50).map((t) => t.ms));
  console.log('long tasks from the screen shown to the first move:', JSON.stringify(await page.evaluate(() => window.longTasks.filter((t) => t.at >= window.screenShown && t.at < window.gameStart).map((t) => t.ms))));
  console.log('long tasks during the game:', JSON.stringify(longTasks));
  assert.ok(longTasks.every((ms) => ms < 250), `no main-thread task of 250 ms in the game: ${JSON.stringify(longTasks)}`);
  // Counting: the player confirms, the computer agrees, the result is the engine's.
  await page.waitForSelector('#confirm-count, #result');
  await page.screenshot({ path: `${SHOTS}/chromebook-bot-counting.png` });
  if (await page.$('#confirm-count')) await page.click('#confirm-count');
  await page.waitForSelector('#result');
  const shown = (await page.getAttribute('#result', 'data-result')).trim();
  const record = await storedGame(page);
  assert.ok(record.moves.length > 30, `a real game (${record.moves.length} moves)`);
  assert.deepEqual(record.computer, { colour: 'W', level: '1k' });
  for (const m of record.moves.slice(synced)) {
    const [c, v] = m.split(' ');
    await player.send(`play ${c} ${v}`);
  }
  assert.equal(shown, await player.send('final_score'), 'the counted result equals the engine\'s');
  player.close();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('hint and estimate on a phone; the computer plays black first', async () => {
  const page = await newPage(app.browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#vs-computer');
  await page.click('#human-white');
  await page.click('#start-game');
  // The computer (black) opens.
  await page.waitForFunction(() => document.querySelectorAll('svg.goban circle[data-stone="B"]').length === 1, null, { timeout: 20000 });
  await page.waitForSelector('#hint:not([disabled])');
  await page.click('#hint');
  await page.waitForSelector('.hint-mark', { timeout: 20000 });
  // One figure, the lead of the search that chose the hint: no win rate beside it (issue 51:
  // "黑约领先 0.5 目 · 黑胜率 45%").
  const said = /^(形势：[黑白]约领先 [\d.]+ 目|形势：双方差不多)$/;
  const hint = await page.textContent('#message');
  assert.match(hint, /^提示 [A-HJ]\d · /);
  assert.match(hint.split(' · ')[1], said, hint);
  await page.click('#estimate');
  await page.waitForSelector('rect.own', { timeout: 20000 });
  assert.match(await page.textContent('#message'), said);
  await page.screenshot({ path: `${SHOTS}/phone-bot-estimate.png` });
  // Playing on clears both.
  const hinted = await page.getAttribute('.hint-mark', 'data-vertex');
  await page.tap(point(hinted));
  if (await page.$('.ghost.preview')) await page.tap(point(hinted));
  await page.waitForFunction(() => !document.querySelector('.hint-mark') && !document.querySelector('rect.own'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('when the worker stops with a fault, the computer answers from a new one', async () => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await presetSettings(page);
  await page.goto(app.srv.url);
  const started = page.waitForEvent('worker');
  await newComputerGame(page, '20k');
  const worker = await started;
  const stones = () => page.evaluate(() => document.querySelectorAll('svg.goban circle[data-stone]').length);
  await page.click(point('E5'));
  await page.waitForFunction(() => document.querySelectorAll('svg.goban circle[data-stone]').length === 2, null, { timeout: 20000 });
  // The worker's next search faults: the clock it reads throws, which unwinds its wasm with
  // the brain still borrowed (as a trap does: the 19×19 ladder's stack overflow was one), so
  // that worker can never answer again.
  await worker.evaluate(() => { Date.now = () => { throw new Error('a fault for the test'); }; });
  const replaced = page.waitForEvent('worker');
  await page.click(point('C3'));
  await replaced;
  await page.waitForFunction(() => document.querySelectorAll('svg.goban circle[data-stone]').length === 4, null, { timeout: 20000 });
  assert.equal(await stones(), 4, 'the computer answered the move after the fault');
  assert.equal(await page.$('#thinking'), null);
  // Nothing is said about a fault the player never saw.
  assert.doesNotMatch(await page.$eval('#message', (e) => e.textContent).catch(() => ''), /出错/);
  assert.deepEqual(page.errors.filter((e) => !/a fault for the test/.test(e)), []);
  await page.context().close();
});
