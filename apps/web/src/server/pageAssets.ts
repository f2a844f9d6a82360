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
 * The `<link>`s a server-rendered page needs before its own chunk is fetched: its style sheets (its
 * chunk's and those of the chunks it imports, which the entry does not bring) so the page the server
 * drew is styled at its first paint, and a modulepreload of its chunk so hydration waits less.
 */
export function pageAssetLinks(module: string | undefined, pageManifest: Manifest = builtManifest()): string {
  if (module === undefined || !pageManifest[module]) return '';
  const page = pageManifest[module];
  const styleSheets = new Set<string>();
  const seen = new Set<string>();
  const collect = (key: string) => {
    const chunk = pageManifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    chunk.css?.forEach((file) => styleSheets.add(file));
    chunk.imports?.forEach(collect);
  };
  collect(module);
  return [
    ...[...styleSheets].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    `<link rel="modulepreload" crossorigin href="/${page.file}">`,
  ].join('\n    ');
}
