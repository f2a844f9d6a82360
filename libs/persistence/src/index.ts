export * from './database-target';
export * from './prisma-adapter';
export * from './sql-session';
export * from './migrations';
export * from './embedded';
export * from './notices';
export * from './errors';
