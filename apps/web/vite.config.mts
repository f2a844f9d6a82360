import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin, type ProxyOptions } from 'vite';

/** The BFF the dev server forwards to; `npm start` (standalone) listens here by default. */
const apiTarget = process.env.MKT_API_URL ?? 'http://127.0.0.1:8080';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/images': { target: apiTarget, changeOrigin: true },
};

/** Preact, the router and TanStack Query: they change only with an upgrade, so browsers keep them across deploys. */
const VENDOR = /[\\/]node_modules[\\/](preact|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/;

/**
 * The build runs on Preact (`preact/compat`, about 11 kB gzip in place of react-dom's 68) so the home
 * page's scripts fit their budget (README, "The web app's bundle"); the dev server keeps React, whose
 * Fast Refresh needs it. Exact matches, so `react-router` stays.
 */
const PREACT_FOR_REACT: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every script, style sheet and SVG worth it, at the
 * best compression, once per build; the BFF (apps/bff/src/web/web-app.ts) serves them as they are.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mkt-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|svg)$/.test(entry.name)) continue;
        const file = join(entry.parentPath, entry.name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  // Absolute, so `vite build` works from the repo root as well as from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: { alias: command === 'build' ? PREACT_FOR_REACT : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads (scripts/bench/web-bundle.ts, the bundle's browser test).
    manifest: true,
    rolldownOptions: {
      // React Router reads `use` and `useOptimistic` by name and falls back when they are missing, as in Preact.
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('react-router')) return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: VENDOR }],
        },
      },
    },
  },
  server: { port: 5173, strictPort: false, proxy },
  preview: { port: 4173, proxy },
}));
