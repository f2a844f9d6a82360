import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/** The web build's output folder: this renderer's own file is in dist/.ssr/. */
const DIST = join(__dirname, '..');
const ENTRY = 'index.html';
/** apps/web/public/scripts-after-paint.js: loads a rendered page's scripts once it is painted. */
const SCRIPTS_AFTER_PAINT = '/scripts-after-paint.js';

let manifest: Manifest | undefined;

/** The web build's manifest (dist/.vite/manifest.json). */
function builtManifest(): Manifest {
  manifest ??= JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return manifest;
}

const styleSheets = new Map<string, string>();

/** A built style sheet's text, `assets/x.css` read once. */
function builtStyleSheet(file: string): string {
  let text = styleSheets.get(file);
  if (text === undefined) {
    text = readFileSync(join(DIST, file), 'utf8');
    styleSheets.set(file, text);
  }
  return text;
}

/** A page's chunks and those they import (not the entry's), each once, in order. */
function pageChunks(modules: readonly string[], pageManifest: Manifest): ManifestChunk[] {
  const found = new Map<string, ManifestChunk>();
  const collect = (key: string) => {
    const chunk = pageManifest[key];
    if (!chunk || chunk.isEntry || found.has(key)) return;
    found.set(key, chunk);
    chunk.imports?.forEach(collect);
  };
  modules.forEach(collect);
  return [...found.values()];
}

const ENTRY_SCRIPT = /\s*<script type="module"[^>]* src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]* href="([^"]+)">/g;
const STYLE_SHEET = /\s*<link rel="stylesheet"[^>]* href="\/([^"]+)">/g;

/**
 * index.html made the document of a server-rendered page (its route modules: a layout's and its
 * page's), whose HTML is drawn and readable before any script runs:
 * - every style sheet it is drawn with (the entry's and its chunks', with theirs imports'), inline
 *   in one `<style>`: it paints from its first bytes, with no style sheet request ahead of it;
 * - a disabled `<link>` per chunk style sheet: neither fetched nor applied, it tells Vite's chunk
 *   loader (which fetches a chunk's style sheets unless a link to them is in the page) they are here;
 * - its scripts (the entry's, with its imports and the page's chunks with theirs preloaded: no
 *   second round after the entry has run) fetched once the page is painted (`SCRIPTS_AFTER_PAINT`), so they neither hold the first paint nor share the line
 *   with its images.
 */
export function renderedPageDocument(
  template: string,
  modules: readonly string[],
  pageManifest: Manifest = builtManifest(),
  readStyleSheet: (file: string) => string = builtStyleSheet,
): string {
  const entryStyleSheets = new Set(pageManifest[ENTRY]?.css ?? []);
  const entries: string[] = [];
  const preloads: string[] = [];
  const html = template
    .replace(ENTRY_SCRIPT, (_tag: string, src: string) => {
      entries.push(src);
      return '';
    })
    .replace(MODULE_PRELOAD, (_tag: string, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(STYLE_SHEET, (link: string, file: string) => (entryStyleSheets.has(file) ? '' : link));
  const chunks = pageChunks(modules, pageManifest);
  for (const { file } of chunks) if (!preloads.includes(`/${file}`)) preloads.push(`/${file}`);
  const ofChunks = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const css = [...entryStyleSheets, ...ofChunks].map(readStyleSheet).join('\n');
  const head = [
    `<style>${css}</style>`,
    ...ofChunks.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`),
    ...(entries.length > 0
      ? [
          `<script src="${SCRIPTS_AFTER_PAINT}" data-entry="${entries.join(' ')}" data-preload="${preloads.join(' ')}" defer></script>`,
        ]
      : []),
  ];
  return html.replace('</head>', `  ${head.join('\n    ')}\n  </head>`);
}
