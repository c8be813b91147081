// Trunk post_build hook step (assets/simd-worker.sh, before the service worker is written): takes
// out of the app shell's JS glue the three stream classes wasm-bindgen writes for wasm-streams
// (IntoUnderlyingByteSource, IntoUnderlyingSink, IntoUnderlyingSource, with their finalization
// registries). Leptos' csr feature pulls them in through server_fn's browser feature; 手谈 has
// no server functions and makes no streams, and index.html's wasm-opt removes their wasm exports
// (`--remove-exports`), so the classes could only call functions that are no longer there.
// 0.6 kB gzip of the shell (budget.test.mjs). The module's integrity in index.html is written
// again for the new text. Fails the build when the glue is not as expected (a wasm-bindgen
// update): nothing is cut blind, and no class of that name may be left behind.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) throw new Error('shell-glue.mjs: run through trunk build (TRUNK_STAGING_DIR) or give the dist folder');
const js = readdirSync(dir).find((f) => /^shoutan-[0-9a-f]+\.js$/.test(f));
if (!js) throw new Error(`shell-glue.mjs: no shoutan-<hash>.js in ${dir}`);
let text = readFileSync(`${dir}/${js}`, 'utf8');
const before = text.length;
for (const name of ['IntoUnderlyingByteSource', 'IntoUnderlyingSink', 'IntoUnderlyingSource']) {
  const start = text.indexOf(`export class ${name} {`);
  const last = `if (Symbol.dispose) ${name}.prototype[Symbol.dispose] = ${name}.prototype.free;\n`;
  const end = text.indexOf(last, start);
  if (start < 0 || end < 0) throw new Error(`shell-glue.mjs: the class ${name} is not where it was`);
  text = text.slice(0, start) + text.slice(end + last.length);
  const registry = new RegExp(`const ${name}Finalization = [^;]*;\\n`);
  if (!registry.test(text)) throw new Error(`shell-glue.mjs: ${name}Finalization is not where it was`);
  text = text.replace(registry, '');
}
if (/intounderlying/i.test(text)) throw new Error('shell-glue.mjs: a stream class is still referenced');
writeFileSync(`${dir}/${js}`, text);

// The module's integrity (Subresource Integrity: the browser refuses a module whose hash differs).
const html = `${dir}/index.html`;
const page = readFileSync(html, 'utf8');
const sri = `sha384-${createHash('sha384').update(text).digest('base64')}`;
const at = new RegExp(`(href="[^"]*${js.replace('.', '\\.')}"[^>]*integrity=")sha384-[^"]+"`);
if (!at.test(page)) throw new Error(`shell-glue.mjs: no integrity for ${js} in index.html`);
writeFileSync(html, page.replace(at, `$1${sri}"`));
console.log(`${js}: stream classes taken out, ${before} → ${text.length} bytes`);
