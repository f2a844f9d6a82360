import { writeFileSync } from 'node:fs';
import { openRedisStore } from '../../test/support/key-value-stores';
import { startBffAlone } from '../../test/support/bff-alone';
import { apiDocument } from './api-docs';

it('dumps', async () => {
  const sessions = await openRedisStore();
  const app = await startBffAlone(sessions.store);
  writeFileSync(process.env.DUMP_TO ?? '/tmp/schemas/doc.json', JSON.stringify(apiDocument(app), null, 1));
  await app.close();
  await sessions.close();
});
