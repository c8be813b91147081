// Screenshots of 复盘 for a pupil at a grouped mistake (not a test: `node shots-review.mjs`
// after `bash .ci/build`): a position where White's three stones F5–H5 can be taken at J5,
// and both sides play elsewhere for ten moves; analysed in the page, the beginner view shows
// the stretch as one lesson. Written to screenshots/{chromebook,phone}-review-grouped.png.
import { launch, serve, newPage, SHOTS } from './harness.mjs';

const SGF = '(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]PB[小明]PW[小红]'
  + 'AB[eg][fd][gd][hd][ff][gf][hf]AW[fe][ge][he][cc][dc]PL[B]'
  + ';B[bh];W[bb];B[ch];W[cb];B[dh];W[db];B[bg];W[bc];B[cg];W[cd])';

const srv = await serve();
const browser = await launch();
for (const [name, options] of [
  ['chromebook', { viewport: { width: 1366, height: 768 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
]) {
  const page = await newPage(browser, options);
  await page.goto(srv.url);
  await page.setInputFiles('#open-sgf', { name: 'grouped.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(SGF) });
  await page.waitForSelector('#review-move');
  await page.click('#review-analyse');
  await page.waitForFunction(() => /快速看完了|分析完成/.test(document.querySelector('#analysis-note')?.textContent || ''), null, { timeout: 180000 });
  const items = await page.locator('button.mistake').allTextContents();
  console.log(name, items);
  // A move the rules cannot explain: once the worker's ownership comes, its words say where
  // the ownership moved.
  await page.click('button.mistake >> nth=0');
  await page.waitForTimeout(4000);
  console.log(name, 'first mistake:', await page.textContent('#mistake-why'));
  // The grouped lesson: its first move is not its last.
  const grouped = page.locator('button.mistake').filter({ hasText: /–/ }).first();
  await grouped.click();
  await page.waitForSelector('#mistake-here');
  if (name === 'phone') await page.locator('#mistake-here .legend').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-review-grouped.png` });
  await page.context().close();
}
await browser.close();
srv.close();
