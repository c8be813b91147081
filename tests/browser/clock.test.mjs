// The clock in the real app with a controlled clock (Playwright's page.clock): the referee's
// call-outs on screen and spoken, "还剩 X 分钟", a time-out ending the game, pause, and a
// sealed move across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, point, SHOTS } from './harness.mjs';

const app = useApp();


/** A page whose speechSynthesis.speak records what would be said. */
async function timedPage() {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await page.clock.install({ time: new Date('2026-11-29T09:00:00+08:00') });
  await page.addInitScript(() => {
    window.__said = [];
    if (window.speechSynthesis) {
      window.speechSynthesis.speak = (u) => window.__said.push({ text: u.text, lang: u.lang });
    }
    window.__tones = [];
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      const osc = create.call(this);
      window.__tones.push(osc.frequency);
      return osc;
    };
  });
  return page;
}

/** New 9×9 game with custom 读秒: `main` minutes, then `reserved` minutes. */
async function startTimed(page, main, reserved) {
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click('button[data-size="9"]');
  await page.selectOption('#time-control', 'custom');
  await page.fill('#custom-main', String(main));
  await page.fill('#custom-reserved', String(reserved));
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
}

const said = (page) => page.evaluate(() => window.__said.map((u) => u.text));

test('读秒 call-outs, "还剩 1 分钟", and the time-out that ends the game', async () => {
  const page = await timedPage();
  await page.goto(app.srv.url);
  await page.click('#settings-toggle');
  await page.click('#beep-toggle');
  await page.click('#settings-toggle');
  await startTimed(page, 0, 2);
  await page.click(point('E5')); // the first move starts white's clock
  const stoneSounds = await page.evaluate(() => window.__tones.length);
  await page.clock.runFor(30_500);
  assert.equal((await page.textContent('#callout')).trim(), '30秒');
  await page.clock.runFor(30_000);
  assert.equal((await page.textContent('#callout')).trim(), '一分钟，还剩 1 分钟');
  assert.match(await page.textContent('.clock[data-clock="W"]'), /读秒 1 分/);
  await page.clock.runFor(50_000);
  assert.equal((await page.textContent('#callout')).trim(), '50秒');
  await page.clock.runFor(5_000);
  assert.equal((await page.textContent('#callout')).trim(), '5');
  await page.screenshot({ path: `${SHOTS}/chromebook-duchmiao.png` });
  await page.clock.runFor(5_000);
  await page.waitForSelector('#result');
  assert.equal((await page.textContent('#result .result-words')).trim(), '白超时负，黑胜');
  assert.equal((await page.getAttribute('#result', 'data-result')).trim(), 'B+T');
  const spoken = await said(page);
  assert.deepEqual(spoken.slice(0, 7), ['30秒', '40秒', '50秒', '55秒', '58秒', '一分钟，还剩 1 分钟', '30秒']);
  assert.ok(spoken.includes('9'), 'the last seconds are counted');
  assert.equal(spoken[spoken.length - 1], '10，超时判负');
  assert.ok((await page.evaluate(() => window.__said.every((u) => u.lang === 'zh-CN'))));
  const beeps = (await page.evaluate(() => window.__tones.length)) - stoneSounds;
  assert.ok(beeps >= spoken.length, `a beep under each call-out (${beeps} for ${spoken.length})`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a move made while time is shown never loses; pause stops both clocks', async () => {
  const page = await timedPage();
  await startTimed(page, 0, 1);
  await page.click(point('E5'));
  await page.clock.runFor(59_000);
  await page.click(point('D5')); // white moves with a second to spare
  assert.equal(await page.locator('#result').count(), 0);
  await page.click('#pause');
  await page.clock.runFor(10 * 60_000);
  assert.equal(await page.locator('#result').count(), 0, 'paused time is not counted');
  assert.match(await page.textContent('.paused'), /暂停/);
  await page.click('#pause');
  await page.clock.runFor(30_500);
  assert.equal((await page.textContent('#callout')).trim(), '30秒');
  await page.click(point('E4'));
  assert.equal(await page.locator('#result').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a tick of the clock changes only the clocks on screen', async () => {
  // Five ticks a second: each used to redraw the whole game panel (a long task every 200 ms on
  // a slow Chromebook while the computer thought). Now only the clocks' text and data change.
  const page = await timedPage();
  await startTimed(page, 10, 1);
  await page.click(point('E5'));
  await page.clock.runFor(1_000);
  await page.evaluate(() => {
    window.__changed = [];
    new MutationObserver((list) => {
      for (const m of list) {
        const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
        window.__changed.push(el.closest('.clock') ? 'clock' : `${el.tagName}.${el.className?.baseVal ?? el.className} ${m.type} ${m.attributeName ?? ''}`);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.clock.runFor(3_000);
  const changed = await page.evaluate(() => window.__changed);
  assert.ok(changed.includes('clock'), 'the running clock was redrawn');
  assert.deepEqual(changed.filter((c) => c !== 'clock'), [], 'nothing else was touched');
  // Four seconds of white's ten minutes gone (the display's last tick falls within 200 ms).
  assert.match(await page.textContent('.clock[data-clock="W"]'), /^\s*9:5[67]\s*$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a sealed move stays hidden across a reload and is played on resumption', async () => {
  const page = await timedPage();
  await startTimed(page, 10, 1);
  await page.click(point('E5'));
  await page.clock.runFor(20_000);
  await page.click('#seal');
  await page.click(point('C3'));
  assert.equal(await page.locator('svg.goban circle[data-stone="W"]').count(), 0, 'the sealed move is hidden');
  const before = await page.textContent('.clock[data-clock="W"]');
  await page.reload();
  await page.clock.runFor(60 * 60_000);
  await page.waitForSelector('#unseal');
  assert.equal(await page.textContent('.clock[data-clock="W"]'), before, 'both clocks stopped while adjourned');
  await page.click('#unseal');
  assert.equal(await page.locator('svg.goban circle[data-stone="W"]').count(), 1);
  assert.match(await page.textContent('#announce'), /白 C3/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
