import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

let manifest: Manifest | undefined;

/** The web build's manifest, beside this renderer's own file (dist/.ssr/ → dist/.vite/manifest.json). */
function builtManifest(): Manifest {
  manifest ??= JSON.parse(readFileSync(join(__dirname, '..', '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return manifest;
}

/**
 * The `<link>`s a server-rendered page needs before its own chunks are fetched (its route modules:
 * a layout's and its page's): their style sheets (theirs and those of the chunks they import, which
 * the entry does not bring) so the page the server drew is styled at its first paint, and a
 * modulepreload of each so hydration waits less. A module in the entry chunk (the home) needs none.
 */
export function pageAssetLinks(modules: readonly string[], pageManifest: Manifest = builtManifest()): string {
  const chunks = modules.flatMap((module) => pageManifest[module] ?? []).filter((chunk) => !chunk.isEntry);
  const styleSheets = new Set<string>();
  const seen = new Set<string>();
  const collect = (key: string) => {
    const chunk = pageManifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    chunk.css?.forEach((file) => styleSheets.add(file));
    chunk.imports?.forEach(collect);
  };
  modules.forEach(collect);
  return [
    ...[...styleSheets].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
  ].join('\n    ');
}
