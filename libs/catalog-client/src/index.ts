export * from './catalog-options';
