// The catalogue service's front door: what the composition root (apps/standalone) assembles and seeds.
export { catalogService } from './catalog.module';
export { CatalogDatabase } from './database';
export type { SeedSummary } from './seed/demo-catalog';
export { seedDemoCatalog } from './seed/demo-catalog';
