export * from './infrastructure';
export * from './databases';
export * from './raw-sql';
export * from './services';
export * from './faults';
export * from './catalog-stand-in';
export * from './store-api';
export * from './catalog-freshness';
