export * from './correlation';
export * from './logger';
export * from './config';
export * from './http-errors';
export * from './service-runtime';
export * from './service-process';
export * from './service-client';
export * from './ttl-cache';
