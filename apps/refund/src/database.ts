export { PrismaClient as RefundDatabase } from './generated/prisma/client';
export type { Prisma } from './generated/prisma/client';
import type { Prisma } from './generated/prisma/client';

/** The transaction client handed to event handlers. */
export type RefundTx = Prisma.TransactionClient;
