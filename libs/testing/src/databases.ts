import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { testInfrastructure } from './infrastructure';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database for one test file. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const { databaseUrl } = await testInfrastructure();
  const name = `t_${label.replace(/[^a-z0-9]/gi, '').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await withAdmin(databaseUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(databaseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/** A topic prefix no other test shares. */
export function uniqueTopicPrefix(label: string): string {
  return `test.${label}.${randomBytes(4).toString('hex')}.`;
}

async function withAdmin<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
