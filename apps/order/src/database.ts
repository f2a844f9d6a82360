export { PrismaClient as OrderDatabase } from './generated/prisma/client';
