import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where `node scripts/build-web.mjs` puts the web app. */
export const WEB_DIST = resolve(__dirname, '..', '..', '..', '..', 'apps', 'web', 'dist');

/** One entry of Vite's build manifest (`build.manifest`), keyed by source path or chunk name. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type WebManifest = Record<string, ManifestChunk>;

/** What the home page's scripts may weigh, gzip (issue 24; was 95 kB on Preact, issue 14): scripts/bench/web-bundle.ts, the bundle's browser test. */
export const HOME_SCRIPTS_BUDGET_GZIP = 130 * 1024;

/** The script a server-rendered page (the home too) loads itself, which then adds the entry's (apps/web/public). */
export const SCRIPTS_AFTER_PAINT = 'scripts-after-paint.js';

/** The key of index.html's entry: what the home page runs. */
export const ENTRY = 'index.html';

export function readWebManifest(dist = WEB_DIST): WebManifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as WebManifest;
}

/**
 * The files a chunk needs before it runs: its own script, every chunk it imports statically (and
 * theirs), and their style sheets; paths as in dist (`assets/index-x.js`).
 */
export function staticClosure(manifest: WebManifest, key: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk) throw new Error(`${current} is not in the web build's manifest`);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}
