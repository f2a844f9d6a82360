export * from './correlation';
export * from './logger';
export * from './health';
export * from './metrics';
export * from './ops-token';
export * from './tracing';
