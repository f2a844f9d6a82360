// The web build's chunks, raw and compressed, and what the home page loads (from Vite's manifest,
// following the entry's static imports, and the script its rendered page starts them with), against
// the home's budget; each page loaded on demand
// with what it adds. Exits 1 when the home is over budget.
//   node scripts/build-web.mjs && npm run bench:web
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  ENTRY,
  HOME_SCRIPTS_BUDGET_GZIP,
  readWebManifest,
  SCRIPTS_AFTER_PAINT,
  staticClosure,
  WEB_DIST,
} from '@mkt/testing/browser';

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizes = new Map<string, Size>();
function sizeOf(file: string): Size {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(join(WEB_DIST, file));
    size = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content).length,
    };
    sizes.set(file, size);
  }
  return size;
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (files: string[]) =>
  files.map(sizeOf).reduce(
    (sum, size) => ({
      raw: sum.raw + size.raw,
      gzip: sum.gzip + size.gzip,
      brotli: sum.brotli + size.brotli,
    }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );

const manifest = readWebManifest();
const home = staticClosure(manifest, ENTRY);
const homeScripts = new Set(home.scripts);
const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
  file.endsWith('.js'),
);

console.log('chunk                                     raw kB   gzip kB  brotli kB  home');
for (const file of chunks.sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
  const { raw, gzip, brotli } = sizeOf(file);
  console.log(
    `${file.padEnd(40)} ${kB(raw).padStart(7)} ${kB(gzip).padStart(9)} ${kB(brotli).padStart(10)}  ${homeScripts.has(file) ? 'yes' : ''}`,
  );
}

console.log("\npages loaded on demand: what they add to the home's scripts (gzip kB)");
for (const key of manifest[ENTRY].dynamicImports ?? []) {
  const added = staticClosure(manifest, key).scripts.filter((file) => !homeScripts.has(file));
  console.log(`  ${key.padEnd(45)} ${kB(total(added).gzip).padStart(6)} in ${added.length} files`);
}

const homeTotal = total([SCRIPTS_AFTER_PAINT, ...home.scripts]);
const styles = total(home.styles);
console.log(
  `\nhome page: ${home.scripts.length + 1} scripts, ${kB(homeTotal.raw)} kB raw, ${kB(homeTotal.gzip)} kB gzip, ${kB(homeTotal.brotli)} kB brotli`,
);
console.log(`           ${home.styles.length} style sheets, ${kB(styles.gzip)} kB gzip`);
const over = homeTotal.gzip > HOME_SCRIPTS_BUDGET_GZIP;
console.log(
  `budget ${kB(HOME_SCRIPTS_BUDGET_GZIP)} kB gzip: ${over ? `OVER by ${kB(homeTotal.gzip - HOME_SCRIPTS_BUDGET_GZIP)} kB` : 'within'}`,
);
if (over) process.exitCode = 1;
