import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const nodeModules = join(__dirname, '..', '..', '..', 'node_modules');

/**
 * A newly initialised cluster, as initdb leaves it, saved by `npm install`: a new database loads it
 * instead of running initdb, seconds sooner on a first start. One per PGlite version.
 */
function initialDataFile(): string {
  const manifest = join(nodeModules, '@electric-sql', 'pglite', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return join(nodeModules, '.cache', 'mkt', `pglite-${version}-initdb.tar`);
}

/**
 * The standalone mode's one embedded PostgreSQL; `dataDir` undefined keeps it in memory. pg_trgm is
 * loaded for catalog's substring search indexes.
 */
export async function openEmbeddedDatabase(dataDir?: string): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A dynamic import because the extension's type declarations are ESM-only; it loads as CommonJS.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const isNew = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  const initial = initialDataFile();
  const loadDataDir = isNew && existsSync(initial) ? new Blob([readFileSync(initial)]) : undefined;
  return PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir });
}

/** Saves the initialised cluster new databases start from (`npm install`'s postinstall runs this). */
export async function saveInitialDataDir(): Promise<void> {
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('none');
  await db.close();
  const file = initialDataFile();
  mkdirSync(dirname(file), { recursive: true });
  // Written aside and renamed, so a start never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}
