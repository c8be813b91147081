#!/usr/bin/env bash
# Trunk post_build hook: builds the bot's worker twice more beside Trunk's portable worker.js:
# with wasm SIMD (-C target-feature=+simd128: the network's kernels in src/bot/nn/kernels.rs
# use v128) as worker-simd.js + worker-simd_bg.wasm, and with relaxed SIMD too (+relaxed-simd:
# the kernels' multiply-adds fuse where the processor can) as worker-relaxed.*. The page
# (web/bot.rs) starts the relaxed one where the browser validates a relaxed SIMD module, else
# the SIMD one where it validates a SIMD module, else the portable one. The app shell is not
# built with SIMD, so it runs in any browser.
set -euo pipefail
cd "${TRUNK_SOURCE_DIR:-$(dirname "$0")/..}"
out="${TRUNK_STAGING_DIR:?run through trunk build}"
for build in simd:+simd128 relaxed:+simd128,+relaxed-simd; do
  name="${build%%:*}" features="${build#*:}"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=$features --cfg erase_components" \
    cargo build --release --offline --locked --target wasm32-unknown-unknown --bin worker \
    --no-default-features --features browser \
    --target-dir "target/$name"
  wasm-bindgen --target no-modules --no-typescript --out-dir "$out" --out-name "worker-$name" \
    "target/$name/wasm32-unknown-unknown/release/worker.wasm"
  wasm-opt -O3 --enable-simd --enable-relaxed-simd --enable-bulk-memory \
    --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    --enable-reference-types --enable-multivalue \
    "$out/worker-${name}_bg.wasm" -o "$out/worker-${name}_bg.wasm"
  echo "worker-${name}_bg.wasm: $(wc -c < "$out/worker-${name}_bg.wasm") bytes"
done
# The app shell's JS glue without the stream classes nothing uses (and its integrity again).
node assets/shell-glue.mjs
# Then the service worker, now that every file of the build is there.
node assets/precache.mjs
