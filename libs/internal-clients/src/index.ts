export * from './catalog-options';
export * from './order-reader';
