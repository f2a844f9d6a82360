import 'reflect-metadata';
import { join } from 'node:path';
import { Client } from 'pg';
import { openEmbeddedDatabase } from '@mkt/persistence';
import { DEMO_ADJECTIVES, DEMO_CATEGORY_TREE, DEMO_SELLERS } from './demo-data';

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/** The catalog database to add to: distributed mode's (`DATABASE_URL`) or a standalone store's (`STANDALONE_DATA_DIR`). */
async function openCatalog(): Promise<{ query: Query; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = new Client({ connectionString: url });
    await client.connect();
    return { query: (sql, params) => client.query(sql, params), close: () => client.end() };
  }
  const dataDir = process.env.STANDALONE_DATA_DIR;
  if (!dataDir) throw new Error('usage: DATABASE_URL=... | STANDALONE_DATA_DIR=... bulk-products.ts <count>');
  const db = await openEmbeddedDatabase(join(dataDir, 'pglite'));
  await db.exec('SET search_path TO catalog');
  return { query: (sql, params) => db.query(sql, params), close: () => db.close() };
}

/**
 * Benchmark data: adds `count` products (one option, one image, one detail category each) to a
 * catalog database that already holds the demo store, in set-based SQL.
 * Usage: DATABASE_URL=... node -r @swc-node/register apps/catalog/src/seed/bulk-products.ts 100000
 * (or STANDALONE_DATA_DIR=<a stopped standalone store's DATA_DIR> instead of DATABASE_URL)
 */
async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(count) || count < 1) throw new Error('usage: bulk-products.ts <count>');
  const nouns = Object.values(DEMO_CATEGORY_TREE).flatMap((middles) =>
    Object.values(middles).flatMap((details) => Object.values(details).flat()),
  );
  const client = await openCatalog();
  try {
    const started = Date.now();
    await client.query('BEGIN');
    const { rows } = await client.query('SELECT coalesce(max(pno), 0) + 1 AS first FROM product');
    const first = (rows[0] as { first: number }).first;
    await client.query(
      `INSERT INTO product (p_name, p_content, p_price, p_sale_per, p_sales_vol, p_stock, seller_id, business_name)
       SELECT '[' || ($2::text[])[1 + i % cardinality($2::text[])] || '] '
                || ($3::text[])[1 + (i * 7) % cardinality($3::text[])] || ' '
                || ($4::text[])[1 + (i * 13) % cardinality($4::text[])] || ' ' || i || '호',
              '벤치마크용 상품 ' || i, 1900 + (i * 37 % 900) * 100, (i * 11 % 10) * 5, i * 97 % 5000, 1 + i * 31 % 300,
              1 + i % cardinality($2::text[]), ($2::text[])[1 + i % cardinality($2::text[])]
       FROM generate_series(1, $1::int) AS i`,
      [count, DEMO_SELLERS, DEMO_ADJECTIVES, nouns],
    );
    await client.query(
      `INSERT INTO product_option (pno, od_name, od_price, od_stock, seller_id)
       SELECT pno, '기본', 0, p_stock, seller_id FROM product WHERE pno >= $1`,
      [first],
    );
    await client.query(
      `WITH images AS (SELECT array_agg(DISTINCT pi_name) AS names FROM product_image)
       INSERT INTO product_image (pno, pi_name, ord)
       SELECT p.pno, images.names[1 + p.pno % cardinality(images.names)], 0 FROM product p, images WHERE p.pno >= $1`,
      [first],
    );
    await client.query(
      `WITH details AS (SELECT array_agg(ctno ORDER BY ctno) AS ctnos FROM category WHERE depth = 3)
       INSERT INTO category_product (ctno, pno)
       SELECT details.ctnos[1 + p.pno % cardinality(details.ctnos)], p.pno FROM product p, details WHERE p.pno >= $1`,
      [first],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    console.log(`added ${count} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
