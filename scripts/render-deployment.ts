// `npm run topology:render`: writes docker-compose.yml, deploy/docker/postgres-init.sql and
// deploy/k8s from libs/topology (a unit test fails while they differ from what it renders).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { renderedDeploymentFiles } from '@mkt/topology/deployment';

const root = resolve(__dirname, '..');
void renderedDeploymentFiles().then((files) => {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
    console.log(`wrote ${path}`);
  }
});
