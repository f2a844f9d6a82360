import { Client } from 'pg';
import type { DatabaseTarget } from './database-target';

/** One database session for scripts: migrations, seeds, test set-up. */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<T extends object>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openSqlSession(target: DatabaseTarget): Promise<SqlSession> {
  if (target.kind === 'embedded') {
    const db = target.db;
    return {
      exec: async (sql) => {
        await db.exec(sql);
      },
      query: async <T extends object>(sql: string, params: unknown[] = []) =>
        (await db.query<T>(sql, params)).rows,
      close: async () => undefined,
    };
  }
  const client = new Client({ connectionString: target.url });
  await client.connect();
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T extends object>(sql: string, params: unknown[] = []) =>
      (await client.query<T>(sql, params)).rows,
    close: () => client.end(),
  };
}
