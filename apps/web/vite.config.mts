import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type UserConfig } from 'vite';

/** The BFF the dev server forwards to; `npm start` (standalone) listens here by default. */
const apiTarget = process.env.MKT_API_URL ?? 'http://127.0.0.1:8080';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/images': { target: apiTarget, changeOrigin: true },
};

/** React, the router and TanStack Query: they change only with an upgrade, so browsers keep them across deploys. */
const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/;

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

/**
 * The server renderer (`vite build --ssr src/server/renderPage.tsx`, for the BFF's storefront
 * pages): one CommonJS file with its dependencies inside, under the client build's folder, in a dot
 * folder the BFF never serves as a file, so wherever the web build goes (the production image too)
 * the renderer goes. The BFF finds it by `STOREFRONT_RENDERER_PATH` (@mkt/contracts).
 */
const serverRenderer: UserConfig['build'] = {
  outDir: 'dist/.ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  rolldownOptions: {
    output: { format: 'cjs', entryFileNames: 'render-page.cjs', codeSplitting: false },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // Absolute, so `vite build` works from the repo root as well as from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  ssr: { noExternal: true },
  // The renderer's React is production React, whatever NODE_ENV the BFF runs with (its bundle holds both).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? serverRenderer
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // dist/.vite/manifest.json: which chunks each page loads (scripts/bench/web-bundle.ts, the bundle's browser test).
        manifest: true,
        rolldownOptions: {
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
