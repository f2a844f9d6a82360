export { PrismaClient as CartDatabase } from './generated/prisma/client';
