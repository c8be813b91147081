// Trunk post_build hook: writes sw.js into the staging folder from assets/sw.js, with the list
// of every file of the build (Trunk's hashed names, so no list is kept by hand) and a version
// that changes whenever any of them does. Run by `trunk build` (see Trunk.toml).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error('TRUNK_STAGING_DIR is not set: run through trunk build');
const here = path.dirname(new URL(import.meta.url).pathname);

function walk(dir, base = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = base ? `${base}/${e.name}` : e.name;
    return e.isDirectory() ? walk(path.join(dir, e.name), rel) : [rel];
  });
}

// The network (models/, 3.8 MB) is not precached: the bot's worker fetches it the first time
// the computer plays, and the service worker keeps it then (its own cache, across deploys).
const files = walk(staging).filter((f) => f !== 'sw.js' && !f.startsWith('models/')).sort();
const hash = crypto.createHash('sha256');
for (const f of files) hash.update(f).update(fs.readFileSync(path.join(staging, f)));
const version = hash.digest('hex').slice(0, 16);
// './' is the page itself (index.html under any sub-path).
const precache = ['./', ...files.map((f) => (f === 'index.html' ? 'index.html' : f))];
const template = fs.readFileSync(path.join(here, 'sw.js'), 'utf8');
const sw = template
  .replace("'__VERSION__'", JSON.stringify(version))
  .replace('__PRECACHE__', JSON.stringify(precache, null, 1));
fs.writeFileSync(path.join(staging, 'sw.js'), sw);
const bytes = files.reduce((n, f) => n + fs.statSync(path.join(staging, f)).size, 0);
console.log(`sw.js: version ${version}, ${precache.length} entries, ${bytes} bytes precached`);
