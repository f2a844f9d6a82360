import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from '../../apps/order/src/generated/prisma/client';

const url = 'postgresql://postgres@127.0.0.1:55432/bench_checkout_order';
async function measure(label: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await fn(i);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  console.log(`${label.padEnd(40)} wall ${((wall / n) * 1000).toFixed(0).padStart(5)} us  cpu ${((cpu.user + cpu.system) / n).toFixed(0).padStart(5)} us`);
}
(async () => {
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 4 }, { schema: 'public' }) });
  const pool = new Pool({ connectionString: url, max: 4 });
  const ono = 5;
  for (let round = 0; round < 2; round++) {
    await measure('pg pool: SELECT order row', 2000, () => pool.query('SELECT * FROM orders WHERE ono = $1', [ono]));
    await measure('prisma $queryRawUnsafe', 2000, () => db.$queryRawUnsafe('SELECT * FROM orders WHERE ono = $1', ono));
    await measure('prisma findUnique', 2000, () => db.order.findUnique({ where: { ono } }));
    await measure('prisma findUnique include details', 2000, () => db.order.findUnique({ where: { ono }, include: { details: true } }));
    await measure('prisma update', 1000, () => db.order.update({ where: { ono }, data: { stock: 'RESERVED' } }));
    await measure('prisma $transaction (raw select)', 1000, () => db.$transaction(async (tx) => tx.$queryRawUnsafe('SELECT 1')));
  }
  await db.$disconnect();
  await pool.end();
})();
