export { PrismaClient as MemberDatabase } from './generated/prisma/client';
export type { Prisma, Member } from './generated/prisma/client';
