// The bot's worker loader (src/web/bot.rs `spawn_worker` starts it; 复盘's pool too): it runs
// the relaxed SIMD build of the bot where the browser validates a relaxed SIMD module (three
// splats and an f32x4.relaxed_madd), else the SIMD build where it validates a SIMD module (a
// splat and an i8x16.popcnt, wasm-feature-detect's probe), else the portable one, all from this
// script's own folder (the app works under any sub-path). The network's file is the worker's
// name. In a file of its own, not in the app shell's wasm.
var dir = self.location.href.replace(/[?#].*$/, '').replace(/[^/]*$/, '');
var valid = function (body) {
  return WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10].concat(body)));
};
var splat = [65, 0, 253, 15];
var build = valid([19, 1, 17, 0].concat(splat, splat, splat, [253, 133, 2, 11])) ? 'relaxed'
  : valid([10, 1, 8, 0].concat(splat, [253, 98, 11])) ? 'simd' : 'portable';
var bot = dir + (build === 'portable' ? 'worker' : 'worker-' + build);
postMessage('build:' + build);
self.SHOUTAN_MODEL = dir + self.name;
importScripts(bot + '.js');
wasm_bindgen(bot + '_bg.wasm');
