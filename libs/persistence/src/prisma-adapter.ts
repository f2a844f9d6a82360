import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { DatabaseTarget } from './database-target';

/** The Prisma driver adapter for a target; model queries are qualified with the target's schema. */
export function prismaAdapterFor(target: DatabaseTarget): SqlDriverAdapterFactory {
  if (target.kind === 'postgres') {
    return new PrismaPg(
      { connectionString: target.url, max: target.poolSize ?? 10 },
      { schema: target.schema },
    );
  }
  return new SchemaScopedPGlite(new PrismaPGlite(target.db), target.schema);
}

/**
 * The PGlite adapter has no schema option; several services share one PGlite, each in its own
 * schema, so the connection info it reports must name that schema.
 */
class SchemaScopedPGlite implements SqlDriverAdapterFactory {
  readonly provider = 'postgres' as const;
  readonly adapterName: string;

  constructor(
    private readonly inner: PrismaPGlite,
    private readonly schema: string,
  ) {
    this.adapterName = inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.inner.connect();
    const schemaName = this.schema;
    adapter.getConnectionInfo = () => ({ schemaName, supportsRelationJoins: true });
    return adapter;
  }
}
