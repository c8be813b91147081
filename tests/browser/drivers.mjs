// One small driver interface over three browser engines, for the cross-browser suite
// (cross-browser.test.mjs), all of them Debian's binaries (nothing is downloaded):
// - Chromium (/usr/bin/chromium) through puppeteer-core over CDP,
// - Firefox ESR (/usr/bin/firefox-esr) through puppeteer-core over WebDriver BiDi,
// - WebKitGTK, Safari's engine (/usr/bin/WebKitWebDriver and its MiniBrowser), through the
//   W3C WebDriver protocol spoken here over HTTP, on an Xvfb display when there is none.
// Every driver has the same methods; selectors are CSS; `js` runs a function in the page
// (awaiting it when it is async) and returns its JSON value.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import puppeteer from 'puppeteer-core';

export const ENGINES = (process.env.SHOUTAN_ENGINES || 'chromium,firefox,webkit').split(',');

const LANG = 'zh-CN';

/** Opens `engine` with a window of `width`×`height`; resolves to a driver. `noSimd` turns
 * wasm SIMD off (WebKit only, through JavaScriptCore's options): an engine without it. */
export async function open(engine, { width = 1366, height = 768, noSimd = false } = {}) {
  if (engine === 'webkit') return openWebKit(width, height, noSimd);
  const browser = await puppeteer.launch(
    engine === 'firefox'
      ? {
        browser: 'firefox', executablePath: process.env.FIREFOX || '/usr/bin/firefox-esr',
        headless: true, extraPrefsFirefox: {
          'intl.accept_languages': LANG, 'intl.locale.requested': LANG,
        },
      }
      : {
        browser: 'chrome', executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
        args: ['--no-sandbox', '--disable-gpu', `--lang=${LANG}`, '--no-first-run', '--disable-background-networking'],
      },
  );
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  await page.setViewport({ width, height });
  return {
    engine,
    version: await browser.version(),
    goto: async (url) => { await page.goto(url, { waitUntil: 'load' }); },
    reload: async () => { await page.reload({ waitUntil: 'load' }); },
    js: (fn, ...args) => page.evaluate(fn, ...args),
    click: async (css) => {
      await page.waitForSelector(css, { visible: true, timeout: 15000 });
      await page.click(css);
    },
    focus: (css) => page.$eval(css, (el) => el.focus()),
    press: async (...keys) => { for (const k of keys) await page.keyboard.press(k); },
    upload: async (css, file) => { await (await page.$(css)).uploadFile(file); },
    viewport: (w, h) => page.setViewport({ width: w, height: h }),
    screenshot: (file) => page.screenshot({ path: file }),
    close: () => browser.close(),
  };
}

/** Polls `fn` in the page until it returns a truthy value (which it resolves to). */
export async function waitFor(driver, fn, arg, timeout = 15000) {
  const end = Date.now() + timeout;
  for (;;) {
    // A node found is `true` (engines return DOM nodes from scripts differently).
    const v = await driver.js((src, a) => {
      const r = (0, eval)(`(${src})`)(a);
      return r instanceof Node ? true : r;
    }, fn.toString(), arg);
    if (v) return v;
    if (Date.now() > end) throw new Error(`${driver.engine}: timed out waiting for ${fn.toString().slice(0, 120)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---- WebKitGTK over W3C WebDriver ----

const KEYS = { Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004', ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015' };
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

const freePort = () => new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

/** An X display for MiniBrowser: the one there is, or a new Xvfb (closed with the driver). */
async function display() {
  if (process.env.DISPLAY) return { name: process.env.DISPLAY, close: () => {} };
  for (let n = 90; n < 110; n++) {
    if (fs.existsSync(`/tmp/.X11-unix/X${n}`) || fs.existsSync(`/tmp/.X${n}-lock`)) continue;
    const xvfb = spawn('Xvfb', [`:${n}`, '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    for (let i = 0; i < 50 && !fs.existsSync(`/tmp/.X11-unix/X${n}`); i++) await new Promise((r) => setTimeout(r, 100));
    return { name: `:${n}`, close: () => xvfb.kill() };
  }
  throw new Error('no free X display number for Xvfb');
}

async function openWebKit(width, height, noSimd) {
  const x = await display();
  const port = await freePort();
  const driverProcess = spawn(process.env.WEBKIT_WEBDRIVER || 'WebKitWebDriver', [`--port=${port}`], {
    stdio: 'ignore',
    env: {
      ...process.env, DISPLAY: x.name, LANGUAGE: 'zh_CN:zh', LANG: 'zh_CN.UTF-8',
      // JavaScriptCore reads its options from JSC_* variables: wasm SIMD off.
      ...(noSimd ? { JSC_useWasmSIMD: '0' } : {}),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(base + path, {
          method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = await res.json();
        if (json.value && json.value.error) throw new Error(`WebDriver ${path}: ${json.value.error}: ${json.value.message}`);
        return json.value;
      } catch (e) {
        // The driver is still starting.
        if (attempt < 50 && e.cause?.code === 'ECONNREFUSED') { await new Promise((r) => setTimeout(r, 100)); continue; }
        throw e;
      }
    }
  };
  const session = await call('POST', '/session', { capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { args: ['--automation'] } } } });
  const s = `/session/${session.sessionId}`;
  const find = async (css) => {
    const end = Date.now() + 15000;
    for (;;) {
      try {
        return (await call('POST', `${s}/element`, { using: 'css selector', value: css }))[ELEMENT];
      } catch (e) {
        if (Date.now() > end) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const setSize = (w, h) => call('POST', `${s}/window/rect`, { width: w, height: h });
  await setSize(width, height);
  const waitLoaded = async () => {
    // Navigation through WebDriver waits for the load; a reload by script does not.
    for (let i = 0; i < 100; i++) {
      if ((await call('POST', `${s}/execute/sync`, { script: 'return document.readyState', args: [] })) === 'complete') return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    engine: 'webkit',
    version: `WebKitGTK ${session.capabilities.browserVersion}`,
    goto: async (url) => { await call('POST', `${s}/url`, { url }); await waitLoaded(); },
    reload: async () => { await call('POST', `${s}/refresh`, {}); await waitLoaded(); },
    js: (fn, ...args) => call('POST', `${s}/execute/async`, {
      script: `const done = arguments[arguments.length - 1];
        Promise.resolve((${fn.toString()}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
          .then((v) => done(v === undefined ? null : v), (e) => done({ __error: String(e) }));`,
      args,
    }).then((v) => {
      if (v && v.__error) throw new Error(v.__error);
      return v;
    }),
    click: async (css) => { await call('POST', `${s}/element/${await find(css)}/click`, {}); },
    focus: async (css) => {
      await call('POST', `${s}/execute/sync`, { script: 'arguments[0].focus()', args: [{ [ELEMENT]: await find(css) }] });
    },
    press: async (...keys) => {
      const actions = keys.flatMap((k) => [{ type: 'keyDown', value: KEYS[k] ?? k }, { type: 'keyUp', value: KEYS[k] ?? k }]);
      await call('POST', `${s}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions }] });
      await call('DELETE', `${s}/actions`);
    },
    upload: async (css, file) => { await call('POST', `${s}/element/${await find(css)}/value`, { text: file }); },
    viewport: (w, h) => setSize(w, h),
    screenshot: async (file) => { fs.writeFileSync(file, Buffer.from(await call('GET', `${s}/screenshot`), 'base64')); },
    close: async () => {
      await call('DELETE', s).catch(() => {});
      driverProcess.kill();
      x.close();
    },
  };
}
