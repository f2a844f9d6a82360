export * from './config';
export * from './service-runtime';
export * from './service-process';
export * from './recurring-job';
export * from './event-handlers';
