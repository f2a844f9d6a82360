import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';

/** The standalone mode's one embedded PostgreSQL; `dataDir` undefined keeps it in memory. */
export async function openEmbeddedDatabase(dataDir?: string): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({ dataDir });
}
