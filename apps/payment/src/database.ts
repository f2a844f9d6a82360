export { PrismaClient as PaymentDatabase } from './generated/prisma/client';
export type { Prisma, Payment } from './generated/prisma/client';
import type { Prisma } from './generated/prisma/client';

/** The transaction client handed to event handlers. */
export type PaymentTx = Prisma.TransactionClient;
