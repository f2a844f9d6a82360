import { join } from 'node:path';

export * from './causation';
export * from './tracing';
export * from './transport';
export * from './sql-client';
export * from './logger';
export * from './lease-renewal';
export * from './outbox';
export * from './consumer';
export * from './dead-letters';
export * from './retention';
export * from './kafka-transport';
export * from './in-process-transport';
export * from './notices';
export * from './polling-loop';

/** Outbox and inbox tables, applied into every service's schema. */
export const messagingMigrationsDir = join(__dirname, '..', 'migrations');
/** The in-process bus tables, applied into the standalone mode's `bus` schema. */
export const busMigrationsDir = join(__dirname, '..', 'bus-migrations');
