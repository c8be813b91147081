#!/usr/bin/env bash
# Trunk post_build hook: builds the bot's worker a second time with wasm SIMD
# (-C target-feature=+simd128: the network's kernels in src/bot/nn/kernels.rs use v128) as
# worker-simd.js + worker-simd_bg.wasm beside Trunk's portable worker.js. The page
# (web/bot.rs) starts the SIMD one when the browser validates a SIMD module, the portable one
# otherwise. The app shell is not built with SIMD, so it runs in any browser.
set -euo pipefail
cd "${TRUNK_SOURCE_DIR:-$(dirname "$0")/..}"
out="${TRUNK_STAGING_DIR:?run through trunk build}"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128 --cfg erase_components" \
  cargo build --release --offline --locked --target wasm32-unknown-unknown --bin worker \
  --no-default-features --features browser \
  --target-dir target/simd
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" --out-name worker-simd \
  target/simd/wasm32-unknown-unknown/release/worker.wasm
wasm-opt -O3 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
  "$out/worker-simd_bg.wasm" -o "$out/worker-simd_bg.wasm"
echo "worker-simd_bg.wasm: $(wc -c < "$out/worker-simd_bg.wasm") bytes"
# Then the service worker, now that every file of the build is there.
node assets/precache.mjs
