/** The slice of a Prisma client (or its transaction client) the outbox and inbox use. */
export interface RawSqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/** Runs `work` in one database transaction of the service (Prisma's interactive transaction). */
export type TransactionRunner<Tx extends RawSqlClient> = <R>(work: (tx: Tx) => Promise<R>) => Promise<R>;

/** A qualified table name in a service's schema; schema names come from config and are checked. */
export function table(schema: string, name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`not a safe schema name: ${schema}`);
  return `"${schema}".${name}`;
}
