export * from './envelope';
export * from './marketplace';
