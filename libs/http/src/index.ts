export * from './http-errors';
export * from './http-app';
export * from './multipart';
export * from './service-client';
export * from './in-process-transport';
export * from './keep-alive-transport';
export * from './route-input';
