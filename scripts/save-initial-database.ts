// Part of `npm install` (postinstall): saves a newly initialised embedded database for standalone
// mode's first start to load instead of running initdb (see libs/persistence's embedded.ts).
import { saveInitialDataDir } from '@mkt/persistence';

saveInitialDataDir().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
