import type { PGlite } from '@electric-sql/pglite';

/**
 * Where a service keeps its tables. Distributed mode: a PostgreSQL database of its own (schema
 * `public`). Standalone mode: the one embedded PGlite, a schema per service.
 */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; schema: string; poolSize?: number }
  | { kind: 'embedded'; db: PGlite; schema: string };

/** Double-quotes an SQL identifier; schema names come from config, never from requests. */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a safe SQL identifier: ${name}`);
  return `"${name}"`;
}

/** A table of a service's schema, quoted, for the statements a service writes as SQL. */
export function qualifiedTable(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}
