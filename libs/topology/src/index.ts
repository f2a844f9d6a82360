export * from './topology';
