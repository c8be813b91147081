// A new screen puts the keyboard on its first action (issue 51): the name question on its
// field (it opened with the focus outside it, six Tabs away), the new-game dialog on its first
// control, a game, a problem, the teacher's board and 复盘 on their board, 学下棋 on its first
// step, a lesson on its first answer (and after each answer on the way on), 我的棋册 and the
// class report on their first control, the settings menu on its first item.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, newPage, point } from './harness.mjs';

const app = useApp();
const CHROMEBOOK = { viewport: { width: 1366, height: 768 } };

/** The focused element, as a test names it: its id, else its role and accessible name. */
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  if (!e || e === document.body) return 'body';
  if (e.id) return `#${e.id}`;
  return `${e.getAttribute('role') || e.tagName.toLowerCase()} ${(e.getAttribute('aria-label') || e.textContent || '').trim()}`;
});
/** Waits for the focus to land on what `want` matches (the screen is drawn, then focused). */
async function focusOn(page, want, what) {
  try {
    await page.waitForFunction((w) => {
      const e = document.activeElement;
      if (!e || e === document.body) return false;
      return e.matches(w);
    }, want, { timeout: 3000 });
  } catch {
    assert.fail(`${what}: the focus is on ${await focused(page)}, not ${want}`);
  }
}

test('the name question asked before a first game has the focus in its field', async () => {
  const page = await newPage(app.browser, { ...CHROMEBOOK, askName: true });
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.waitForSelector('#pupil-name');
  await focusOn(page, '#pupil-name', 'the name question');
  // Typed at once, and Enter answers it: the new-game dialog, on its first control.
  await page.keyboard.type('小明');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#start-game');
  await focusOn(page, '#two-players', 'the new-game dialog');
  // 学下棋's first visit asks the name on its page too (here it was answered: its first step).
  await page.goto(`${app.srv.url}#/learn`);
  await page.waitForSelector('#course');
  await focusOn(page, '#learn-capture-go', '学下棋');
  assert.deepEqual(page.errors, []);
  await page.context().close();

  const fresh = await newPage(app.browser, { ...CHROMEBOOK, askName: true });
  await fresh.goto(app.srv.url);
  await fresh.click('#learn');
  await fresh.waitForSelector('#learn-name');
  await focusOn(fresh, '#pupil-name', '学下棋 asking the name');
  assert.deepEqual(fresh.errors, []);
  await fresh.context().close();
});

test('every screen opens with the focus on its first action', async () => {
  const page = await newPage(app.browser, CHROMEBOOK);
  await page.goto(app.srv.url);
  await page.waitForSelector('#new-game');
  // The settings menu: its first item; Escape gives the focus back to its button.
  await page.click('#settings-toggle');
  await focusOn(page, '#lang-toggle', 'the settings menu');
  await page.keyboard.press('Escape');
  await focusOn(page, '#settings-toggle', 'the settings menu closed');
  // A game: the board's tab stop (its centre), so that the arrows and Enter play at once.
  await page.click('#new-game');
  await focusOn(page, '#two-players', 'the new-game dialog');
  await page.click('button[data-size="9"]');
  await page.click('#start-game');
  await page.waitForSelector(point('E5'));
  await focusOn(page, '.goban [role=gridcell][tabindex="0"]', 'a game');
  await page.keyboard.press('Enter');
  await page.waitForSelector(`${point('E5')}[aria-label*="黑子"]`);
  // Home by the bar's button: its first action.
  await page.click('.brand');
  await page.waitForSelector('#new-game');
  await focusOn(page, '#new-game', 'home');
  // 学下棋, then a lesson: its first answer; answered, the way on; the next task's answer.
  await page.click('#learn');
  await focusOn(page, '#learn-capture-go', '学下棋');
  await page.click('.lesson-button >> nth=0');
  await focusOn(page, 'button[data-answer="1"]', 'a lesson');
  for (const n of ['3', '5', '2']) await page.click(`button[data-answer="${n}"]`);
  await focusOn(page, '#task-next', 'a task answered');
  await page.keyboard.press('Enter');
  await focusOn(page, 'button[data-answer="1"]', 'the next task');
  // A problem: its board.
  await page.goto(`${app.srv.url}#/learn/problems/1/1`);
  await focusOn(page, '#learn-root .goban [role=gridcell][tabindex="0"]', 'a problem');
  // Back from a problem: its set's first problem.
  await page.click('#problem-list');
  await focusOn(page, '#problem-set-0 .problem-button', 'a problem set');
  // The teacher's board, the class report, 我的棋册.
  await page.click('#open-teach');
  await focusOn(page, '#learn-root .teach-board [role=gridcell][tabindex="0"]', 'the teacher’s board');
  await page.click('#teach-close');
  await page.click('#open-report');
  await focusOn(page, '.report-setup input, .report-setup button', 'the class report');
  await page.goto(`${app.srv.url}#/book`);
  await focusOn(page, '#book [data-first]', '我的棋册');
  // 复盘 of the game played: its board.
  await page.goto(app.srv.url);
  await page.click('#games .review >> nth=0');
  await page.waitForSelector('#review-move');
  await focusOn(page, '#learn-root .board-wrap', '复盘');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
