import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { PrismaClient } from './generated/prisma/client';

/** The cart service: it boots, migrates and answers health; its domain arrives with its issue. */
export const cartService = defineService({
  name: 'cart',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: PrismaClient,
});
