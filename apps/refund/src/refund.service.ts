import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { PrismaClient } from './generated/prisma/client';

/** The refund service: it boots, migrates and answers health; its domain arrives with its issue. */
export const refundService = defineService({
  name: 'refund',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: PrismaClient,
});
