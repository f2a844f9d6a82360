export * from './catalog-options';
export * from './order-reader';
export * from './catalog-products';
