import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { RawSqlClient, TransactionRunner } from '@mkt/messaging';

/**
 * Raw-SQL clients over real PostgreSQL and PGlite, so the messaging library can be tested without
 * a service's generated Prisma client. Services use Prisma, which offers the same two methods.
 */
export interface RawDatabase {
  client: RawSqlClient;
  transaction: TransactionRunner<RawSqlClient>;
}

export function rawPostgres(pool: Pool): RawDatabase {
  const over = (q: Pool | PoolClient): RawSqlClient => ({
    $queryRawUnsafe: async <T>(sql: string, ...values: unknown[]) => (await q.query(sql, values)).rows as T,
    $executeRawUnsafe: async (sql: string, ...values: unknown[]) =>
      (await q.query(sql, values)).rowCount ?? 0,
  });
  return {
    client: over(pool),
    transaction: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(over(connection));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

export function rawPGlite(db: PGlite): RawDatabase {
  const over = (q: PGlite | Transaction): RawSqlClient => ({
    $queryRawUnsafe: async <T>(sql: string, ...values: unknown[]) => (await q.query(sql, values)).rows as T,
    $executeRawUnsafe: async (sql: string, ...values: unknown[]) =>
      (await q.query(sql, values)).affectedRows ?? 0,
  });
  return { client: over(db), transaction: (work) => db.transaction((tx) => work(over(tx))) };
}
