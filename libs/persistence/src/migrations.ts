import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseTarget } from './database-target';
import { quoteIdent } from './database-target';
import { openSqlSession } from './sql-session';

/** A folder of `NNNN_name/migration.sql` files, applied in name order, recorded under `scope`. */
export interface MigrationSet {
  scope: string;
  dir: string;
}

export interface AppliedMigration {
  scope: string;
  name: string;
}

/**
 * Applies pending migrations into the target's schema. Migrations are the SQL Prisma generated
 * (scripts/prisma.mjs diff); they are applied here rather than by Prisma's CLI because the CLI needs
 * native engines this project cannot download, and so embedded PGlite and PostgreSQL share one
 * path. An advisory lock makes concurrent starts safe; a changed, already-applied file is refused.
 */
export async function applyMigrations(
  target: DatabaseTarget,
  sets: MigrationSet[],
): Promise<AppliedMigration[]> {
  const schema = quoteIdent(target.schema);
  const session = await openSqlSession(target);
  const applied: AppliedMigration[] = [];
  try {
    await session.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await session.query('SELECT pg_advisory_lock(hashtext($1))', [`mkt-migrate:${target.schema}`]);
    try {
      await session.exec(`CREATE TABLE IF NOT EXISTS ${schema}._mkt_migrations (
        scope text NOT NULL, name text NOT NULL, checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (scope, name))`);
      const done = await session.query<{ scope: string; name: string; checksum: string }>(
        `SELECT scope, name, checksum FROM ${schema}._mkt_migrations`,
      );
      const checksums = new Map(done.map((row) => [`${row.scope}/${row.name}`, row.checksum]));
      for (const { scope, dir } of sets) {
        for (const name of migrationNames(dir)) {
          const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
          const checksum = createHash('sha256').update(sql).digest('hex');
          const recorded = checksums.get(`${scope}/${name}`);
          if (recorded !== undefined) {
            if (recorded !== checksum) {
              throw new Error(
                `migration ${scope}/${name} was changed after it was applied to ${target.schema}`,
              );
            }
            continue;
          }
          await session.exec(`BEGIN; SET LOCAL search_path TO ${schema}; ${sql};
            INSERT INTO ${schema}._mkt_migrations (scope, name, checksum) VALUES ('${scope}', '${name}', '${checksum}');
            COMMIT;`);
          applied.push({ scope, name });
        }
      }
    } finally {
      await session.query('SELECT pg_advisory_unlock(hashtext($1))', [`mkt-migrate:${target.schema}`]);
    }
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await session.close();
  }
  return applied;
}

function migrationNames(dir: string): string[] {
  if (!existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{4}_[a-z0-9_]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}
