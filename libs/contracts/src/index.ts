export * from './api/paging';
export * from './api/catalog';
export * from './events';
