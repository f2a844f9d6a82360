export { PrismaClient as MemberDatabase } from './generated/prisma/client';
export type { Prisma, Member } from './generated/prisma/client';
import type { Prisma } from './generated/prisma/client';

/** The transaction client handed to event handlers. */
export type MemberTx = Prisma.TransactionClient;
