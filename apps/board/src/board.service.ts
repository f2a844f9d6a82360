import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { PrismaClient } from './generated/prisma/client';

/** The board service: it boots, migrates and answers health; its domain arrives with its issue. */
export const boardService = defineService({
  name: 'board',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: PrismaClient,
});
