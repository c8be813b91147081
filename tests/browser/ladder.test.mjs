// The ladder each pupil climbs (issue 26): a pupil named 小明 plays 20 级 three times on 9×9
// and wins with a strong scripted player (our engine with the network, a small search); the
// third win offers 升级, taken, the next dialog opens at 15 级 for that name, and choosing an
// opponent ten ranks above suggests handicap stones, which the dialog then sets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useApp, newPage, gtp, SHOTS, presetSettings, playerTurn, point } from './harness.mjs';

const app = useApp();
const MODEL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/models/g170-b6c96.bin.gz');

/** Opens the new-game dialog for 小明 against the computer on `size`. */
async function dialogFor(page, size) {
  await page.goto(app.srv.url);
  await page.click('#new-game');
  await page.click(`button[data-size="${size}"]`);
  await page.click('#vs-computer');
  await page.click('#human-black');
  await page.click('#more-settings summary');
  await page.fill('#black-name', '小明');
}

test('three wins in a row against 20 级 offer 升级; a ten-rank gap suggests handicap stones', async (t) => {
  const page = await newPage(app.browser, { viewport: { width: 1366, height: 768 } });
  await presetSettings(page);
  for (let game = 0; game < 3; game++) {
    await dialogFor(page, 9);
    if (game === 0) {
      assert.equal(await page.inputValue('#level'), '20k', 'a new pupil starts at 20 级');
      await page.selectOption('#level', '20k');
    } else {
      assert.equal(await page.inputValue('#level'), '20k', 'the ladder remembers 小明 at 20 级');
    }
    assert.equal(await page.$('#handicap-suggest'), null, 'an even game at the pupil\'s rank');
    await page.click('#start-game');
    await page.waitForSelector('svg.goban rect[data-vertex]');
    const player = gtp(['--seed', String(11 + game), '--model', MODEL, '--visits', '24', '--no-resign']);
    t.after(() => player.close());
    await player.send('boardsize 9');
    await player.send('komi 7.5');
    // The first move by hand: until a game has a move, the newest stored game (which the
    // player's turn reads) is the last one.
    await page.click(point('E5'));
    await player.send('play B E5');
    let synced = 1;
    for (let turn = 0; turn < 150; turn++) {
      const r = await playerTurn(page, player, synced, 30000);
      synced = r.synced;
      if (r.over) break;
    }
    await page.waitForSelector('#confirm-count, #result');
    if (await page.$('#confirm-count')) await page.click('#confirm-count');
    await page.waitForSelector('#result');
    assert.match((await page.getAttribute('#result', 'data-result')).trim(), /^B\+/, `小明 won game ${game + 1}`);
    player.close();
    if (game < 2) {
      // No offer before the third win (the offer is shown at once when there is one).
      assert.equal(await page.$('#ladder-offer'), null, `no offer after ${game + 1} win(s)`);
    }
  }
  await page.waitForSelector('#ladder-offer');
  assert.match(await page.textContent('#ladder-offer'), /小明，赢得漂亮！升到 15 级吗？/);
  await page.screenshot({ path: `${SHOTS}/chromebook-ladder-offer.png` });
  await page.click('#ladder-accept');
  assert.equal((await page.textContent('#ladder-next')).trim(), '下一盘对 15 级。');

  // The next game opens at 15 级 for 小明; a stronger opponent suggests handicap stones.
  await dialogFor(page, 19);
  assert.equal(await page.inputValue('#level'), '15k');
  await page.selectOption('#level', '5k');
  const suggest = await page.textContent('#handicap-suggest');
  const stones = Number(/让 (\d) 子/.exec(suggest)?.[1]);
  assert.match(suggest, /你在 15 级：按级差建议让 \d 子/);
  assert.ok(stones >= 5 && stones <= 9, `a ten-rank gap on 19×19 is about ten stones, at most nine (${stones})`);
  await page.click('#apply-handicap');
  assert.equal(await page.inputValue('#handicap'), String(stones));
  // A handicap game is not the pupil's rank: the ladder still has 小明 at 15 级.
  await page.click('#start-game');
  await page.waitForSelector('svg.goban rect[data-vertex]');
  await dialogFor(page, 19);
  assert.equal(await page.inputValue('#level'), '15k');
  // Someone else on the same device starts at the bottom of their own ladder.
  await page.fill('#black-name', '小红');
  assert.equal(await page.inputValue('#level'), '15k', 'a name the ladder does not know keeps the choice');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
