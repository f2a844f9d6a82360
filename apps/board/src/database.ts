export { PrismaClient as BoardDatabase } from './generated/prisma/client';
export type { Prisma } from './generated/prisma/client';
