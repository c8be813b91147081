// What a player, a referee and a keyboard user meet at the edges (issue 11): the last 读秒 call
// stays on screen with the time-out, the loser's clock shows 0:00, the sealed move never shows,
// confirmations take the keyboard, the new-game dialog fits the screen, every control is named,
// messages in the player's language, the edge coordinates clear of the stones, the end-of-game
// panel, levels with their time, and SGF files as other programs write them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, point, SHOTS } from './harness.mjs';

const app = useApp();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };

async function timedPage(options = CHROMEBOOK) {
  const page = await newPage(app.browser, options);
  await page.clock.install({ time: new Date('2026-11-29T09:00:00+08:00') });
  await page.addInitScript(() => {
    window.__said = [];
    if (window.speechSynthesis) window.speechSynthesis.speak = (u) => window.__said.push(u.text);
  });
  return page;
}

/** A new 9×9 game with the custom time control `kind` and its numbers (id → value). */
async function startCustom(page, kind, fields) {
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.selectOption('#time-control', 'custom');
  await page.selectOption('#custom-kind', kind);
  for (const [id, v] of Object.entries(fields)) await page.fill(`#${id}`, String(v));
  await page.click('#start-game');
}

test('读秒 time-out: "10，超时判负" stays on screen, the loser shows 0:00, wording as a referee says it', async () => {
  const page = await timedPage();
  // 1 minute of main time, then 2 reserved minutes.
  await startCustom(page, 'dumiao', { 'custom-main': 1, 'custom-reserved': 2 });
  await page.waitForSelector(point('E5'));
  await page.click(point('E5'));
  await page.clock.runFor(60_500);
  // 读秒 is counted in minutes (竞赛规定 第三条), not Japanese periods (次).
  assert.equal((await page.textContent('#callout')).trim(), '开始读秒，还剩 2 分钟');
  await page.clock.runFor(120_000);
  await page.waitForSelector('#result');
  assert.equal((await page.textContent('#callout')).trim(), '10，超时判负', 'the last call stays with the result');
  assert.equal((await page.textContent('#result .result-words')).trim(), '白超时负，黑胜');
  const white = await page.textContent('.clock[data-clock="W"]');
  assert.match(white, /0:00/, `the loser's clock shows no time left: ${white}`);
  assert.doesNotMatch(white, /1:00/);
  await page.clock.runFor(5_000);
  assert.match(await page.textContent('.clock[data-clock="W"]'), /0:00/, 'and stays there');
  await page.screenshot({ path: `${SHOTS}/chromebook-duchmiao-timeout.png` });
  // The end panel offers review and home as well as a new game.
  assert.equal(await page.locator('#review-this').count(), 1);
  assert.equal(await page.locator('#result-home').count(), 1);
  await page.click('#review-this');
  await page.waitForSelector('#review-move');
  assert.match(await page.textContent('#review-facts'), /白超时负，黑胜/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('English: a time-out names who ran out of time', async () => {
  const page = await newPage(app.browser, { ...CHROMEBOOK, locale: 'en-GB' });
  await page.clock.install({ time: new Date('2026-11-29T09:00:00Z') });
  await startCustom(page, 'absolute', { 'custom-main': 1 });
  await page.waitForSelector(point('E5'));
  await page.click(point('E5'));
  await page.clock.runFor(61_000);
  await page.waitForSelector('#result');
  assert.match(await page.textContent('#result'), /White lost on time; Black wins/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('custom settings for every time system; numbers that make none are refused with a reason', async () => {
  const page = await timedPage();
  // A club's 45 min + 3×30 s byo-yomi.
  await startCustom(page, 'byoyomi', { 'custom-main': 45, 'custom-periods': 3, 'custom-period-seconds': 30 });
  await page.waitForSelector(point('E5'));
  assert.equal((await page.textContent('.clock[data-clock="B"]')).trim(), '45:00');
  // Fischer with a cap below the main time: refused, the dialog stays.
  await page.click('.brand');
  await startCustom(page, 'fischer', { 'custom-main': 15, 'custom-increment': 10, 'custom-cap': 10 });
  await page.waitForSelector('#time-error');
  assert.match(await page.textContent('#time-error'), /上限不能少于基本用时/);
  assert.equal(await page.locator('svg.goban').count(), 0, 'no game started');
  await page.fill('#custom-cap', '20');
  assert.equal(await page.locator('#time-error').count(), 0, 'the message goes once the numbers change');
  await page.click('#start-game');
  await page.waitForSelector(point('E5'));
  assert.equal((await page.textContent('.clock[data-clock="B"]')).trim(), '15:00');
  // Canadian: 0 main time, 20 moves in 10 minutes.
  await page.click('.brand');
  await startCustom(page, 'canadian', { 'custom-main': 0, 'custom-stones': 20, 'custom-canadian-minutes': 10 });
  await page.waitForSelector(point('E5'));
  assert.match(await page.textContent('.clock[data-clock="B"]'), /20 手 · 10:00/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the sealed move (封棋) never shows; an adjourned board offers nothing and says so', async () => {
  const page = await timedPage();
  await startCustom(page, 'dumiao', { 'custom-main': 10, 'custom-reserved': 1 });
  await page.waitForSelector(point('E5'));
  await page.click(point('E5'));
  await page.click('#seal');
  // White seals C3 with the mouse and leaves the pointer where it was.
  await page.hover(point('C3'));
  await page.click(point('C3'));
  await page.waitForSelector('#unseal');
  assert.equal(await page.locator('svg.goban circle.ghost').count(), 0, 'no ghost stone on the sealed point');
  assert.equal(await page.locator('svg.goban circle.stone.white').count(), 0);
  await page.hover(point('G7'));
  assert.equal(await page.locator('svg.goban circle.ghost').count(), 0, 'no ghost anywhere while adjourned');
  await page.click(point('G7'));
  const message = await page.textContent('#message');
  assert.doesNotMatch(message, /对局已经结束/);
  assert.match(message, /封棋/);
  assert.match(await page.textContent('#status'), /封棋/);
  assert.doesNotMatch(await page.textContent('#status'), /轮到/);
  await page.screenshot({ path: `${SHOTS}/chromebook-adjourned.png` });
  await page.click('#unseal');
  assert.equal(await page.locator('svg.goban circle.stone.white').count(), 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the pass question takes the keyboard: focus inside, Tab stays, Escape closes, focus returns', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  await page.waitForSelector(point('E5'));
  await page.focus('[role="gridcell"][tabindex="0"]');
  await page.keyboard.press('p');
  await page.waitForSelector('[role="alertdialog"]');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'dialog-yes');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'dialog-no');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'dialog-yes', 'Tab stays inside');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'dialog-no');
  await page.screenshot({ path: `${SHOTS}/chromebook-pass-question.png` });
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('[role="alertdialog"]').count(), 0, 'Escape answers no');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('role')), 'gridcell', 'focus is back on the board');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'E5，天元，空');
  assert.equal(await page.locator('svg.goban circle.stone').count(), 0, 'no stone was played behind the question');
  // Enter answers the focused button: yes passes for black.
  await page.keyboard.press('p');
  await page.waitForSelector('[role="alertdialog"]');
  await page.waitForFunction(() => document.activeElement.id === 'dialog-yes');
  await page.keyboard.press('Enter');
  assert.equal((await page.textContent('#announce')).trim(), '黑 停一手');
  assert.match(await page.textContent('#status'), /轮到 白/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [name, options] of [['phone', PHONE], ['chromebook', CHROMEBOOK]]) {
  test(`new game by keyboard on a ${name}: first control focused, 开始 in view, the rest folded`, async () => {
    const page = await newPage(app.browser, options);
    await page.goto(app.srv.url);
    await page.click('#new-game');
    await page.waitForSelector('#start-game');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'two-players');
    const box = await page.locator('#start-game').boundingBox();
    const vp = options.viewport;
    assert.ok(box && box.y >= 0 && box.y + box.height <= vp.height, `开始 is on screen: ${JSON.stringify(box)}`);
    // Opponent, size and time come first; komi, handicap, players and mode are folded.
    assert.equal(await page.locator('#more-settings').getAttribute('open'), null);
    assert.ok(!(await page.locator('#handicap').isVisible()));
    // Tabs from the first control to the board size: a few, not 21.
    let tabs = 0;
    while (tabs < 10 && !(await page.evaluate(() => document.activeElement.dataset.size === '9'))) {
      await page.keyboard.press('Tab');
      tabs++;
    }
    assert.ok(tabs <= 3, `board size reached in ${tabs} Tabs`);
    await page.keyboard.press('Enter');
    // From the board size to 开始.
    let more = 0;
    while (more < 20 && (await page.evaluate(() => document.activeElement.id)) !== 'start-game') {
      await page.keyboard.press('Tab');
      more++;
    }
    assert.ok(more <= 10, `开始 reached in ${more} more Tabs`);
    await page.screenshot({ path: `${SHOTS}/${name}-new-game-folded.png` });
    await page.keyboard.press('Enter');
    await page.waitForSelector(point('E5'));
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('every control is named in the player\'s language; one h1 on each screen', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  const h1 = () => page.locator('h1').count();
  await page.waitForSelector('#new-game');
  assert.equal(await h1(), 1);
  await page.click('#new-game');
  await page.click('#more-settings summary');
  assert.equal(await h1(), 1);
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('select, input')]
      .filter((el) => el.type !== 'hidden' && el.offsetParent !== null)
      .filter((el) => !(el.labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')))
      .map((el) => el.id || el.outerHTML.slice(0, 60)));
  assert.deepEqual(unnamed, []);
  // 让子 and 用时 have names a screen reader reads.
  assert.equal(await page.getByRole('combobox', { name: '让子' }).count(), 1);
  assert.equal(await page.getByRole('combobox', { name: '用时' }).count(), 1);
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  await page.waitForSelector(point('E5'));
  assert.equal(await h1(), 1);
  assert.equal(await page.getByRole('grid', { name: '棋盘' }).count(), 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a damaged record says why in Chinese, the technical detail folded', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.evaluate(() => {
    localStorage.setItem('shoutan.game.1', 'not json at all');
    localStorage.setItem('shoutan.index', JSON.stringify(['1']));
  });
  await page.reload();
  await page.waitForSelector('#games .game-row.damaged');
  const why = await page.textContent('.damaged-why');
  assert.match(why, /存储的数据已损坏/);
  assert.doesNotMatch(why, /[a-z]{4,}/, `no English in the Chinese reason: ${why}`);
  assert.ok(!(await page.locator('details.tech code').isVisible()), 'the detail is folded');
  await page.click('details.tech summary');
  assert.match(await page.textContent('details.tech code'), /not a game record/);
  assert.deepEqual(page.errors.filter((e) => !/storage/i.test(e)), []);
  await page.context().close();
});

test('a phone offers no drag-and-drop; a Chromebook does', async () => {
  const phone = await newPage(app.browser, PHONE);
  await phone.goto(app.srv.url);
  await phone.waitForSelector('#new-game');
  assert.ok(!(await phone.locator('.drop-hint').isVisible()));
  await phone.screenshot({ path: `${SHOTS}/phone-home.png` });
  const desk = await newPage(app.browser, CHROMEBOOK);
  await desk.goto(app.srv.url);
  await desk.waitForSelector('#new-game');
  assert.ok(await desk.locator('.drop-hint').isVisible());
  await phone.context().close();
  await desk.context().close();
});

for (const [name, options] of [['phone', PHONE], ['chromebook', CHROMEBOOK]]) {
  test(`19×19 edge stones clear of the coordinates on a ${name}`, async () => {
    const page = await newPage(app.browser, options);
    await page.goto(app.srv.url);
    await page.click('#new-game');
    await page.click('button[data-size="19"]');
    await page.click('#start-game');
    await page.waitForSelector(point('A19'));
    if (options.hasTouch) await page.click('#settings-toggle');
    if (options.hasTouch) {
      await page.click('#touch-toggle');
      await page.click('#settings-toggle');
    }
    for (const v of ['A19', 'T19', 'A1', 'T1']) await page.click(point(v));
    assert.equal(await page.locator('svg.goban circle.stone').count(), 4);
    const overlaps = await page.evaluate(() => {
      const stones = [...document.querySelectorAll('svg.goban circle[data-stone]')].map((c) => c.getBoundingClientRect());
      const labels = [...document.querySelectorAll('svg.goban text.coord')].map((t) => t.getBoundingClientRect());
      const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return stones.flatMap((s) => labels.filter((l) => hit(s, l))).length;
    });
    assert.equal(overlaps, 0, 'no coordinate label touches an edge stone');
    await page.screenshot({ path: `${SHOTS}/${name}-19-edges.png` });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the opponents are a ladder of ranks, each with its measured rank and how it plays', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('#vs-computer');
  await page.click('button[data-size="9"]');
  const options = await page.locator('#level option').allTextContents();
  assert.deepEqual(await page.locator('#level option').evaluateAll((os) => os.map((o) => o.value)),
    ['25k', '20k', '15k', '10k', '5k', '1k', 'max']);
  for (const o of options.slice(0, 6)) assert.match(o, /^\d+ 级 · 实测约 \d+ (级|段)$/, o);
  // On 19×19 the ranks are those measured on 19×19 (its one-evaluation opponents play stronger
  // on the large board); 13×13 has its own measurement too (issue 55).
  await page.click('button[data-size="19"]');
  const on19 = await page.locator('#level option').allTextContents();
  for (const o of on19.slice(0, 6)) assert.match(o, /^\d+ 级 · 实测约 \d+ (级|段)$/, o);
  assert.notDeepEqual(on19.slice(0, 6), options.slice(0, 6), 'the 19×19 measurements, not the 9×9 ones');
  await page.click('button[data-size="13"]');
  const on13 = (await page.locator('#level option').allTextContents()).slice(0, 6);
  for (const o of on13) assert.match(o, /^\d+ 级 · 实测约 \d+ (级|段)$/, o);
  assert.notDeepEqual(on13, options.slice(0, 6), 'the 13×13 measurements, not the 9×9 ones');
  await page.click('button[data-size="9"]');
  // 最强 searches its whole 8 s.
  assert.match(options[6], /最强 · 约 8 秒\/手/);
  // One control: the line under it says how the chosen opponent plays.
  assert.equal(await page.inputValue('#level'), '20k', 'a pupil new to the ladder starts at 20 级');
  await page.selectOption('#level', '25k');
  assert.match(await page.textContent('#level-style'), /常常不应叫吃/);
  await page.context().close();
});

test('SGF as other programs write it: PL, repeated AB, a file cut off; ranks, event and date in review', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  const open = async (name, text) => {
    // Review (学下棋's wasm, over the page) closes with its 首页; the page's brand goes home.
    await page.click((await page.isVisible('#review-home')) ? '#review-home' : '.brand');
    await page.setInputFiles('#open-sgf', { name, mimeType: 'application/x-go-sgf', buffer: Buffer.from(text) });
    await page.waitForSelector('#review-move');
  };
  await open('pro.sgf', '(;GM[1]FF[4]SZ[9]EV[全国围棋锦标赛]DT[2025-05-01]PB[甲]BR[9p]PW[乙]WR[8 dan]HA[2]AB[cc]AB[gg];W[ee];B[dd])');
  assert.equal(await page.textContent('#review-players'), '甲 职业9段 – 乙 业余8段');
  assert.match(await page.textContent('#review-facts'), /全国围棋锦标赛 · 2025-05-01/);
  await page.click('#review-end');
  assert.equal(await page.locator('svg.goban circle.stone.black').count(), 3, 'both repeated AB stones and the move');
  await open('problem.sgf', '(;GM[1]FF[4]SZ[9];AB[aa]AW[cc]PL[W])');
  await page.click('#play-from-here');
  await page.waitForSelector('#status');
  assert.match(await page.textContent('#status'), /轮到 白/);
  await open('cut.sgf', '(;GM[1]FF[4]SZ[9];B[ee];W[dc];B[dg];W[cf');
  assert.match(await page.textContent('.notice'), /不完整/);
  await page.click('#review-end');
  assert.equal(await page.locator('svg.goban circle.stone').count(), 3);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
