import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';

/**
 * The standalone mode's one embedded PostgreSQL; `dataDir` undefined keeps it in memory. pg_trgm is
 * loaded for catalog's substring search indexes.
 */
export async function openEmbeddedDatabase(dataDir?: string): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A dynamic import because the extension's type declarations are ESM-only; it loads as CommonJS.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create({ dataDir, extensions: { pg_trgm } });
}
