import { format, resolveConfig } from 'prettier';
import { stringify } from 'yaml';
import { composeFile } from './compose';
import { envExample } from './env-example';
import { kubernetesManifests } from './kubernetes';
import { GENERATED_NOTICE } from './notice';
import { postgresInitSql } from './postgres-init';

const yamlOptions = { lineWidth: 0, aliasDuplicateObjects: false } as const;

/** Several documents in one YAML file. */
const documents = (value: unknown) =>
  (Array.isArray(value) ? value : [value]).map((doc) => stringify(doc, yamlOptions)).join('---\n');

/**
 * Every file rendered from the topology, by path from the repository root, with its content (YAML
 * in the repository's Prettier style, so that `npm run lint` and the renderer agree).
 */
export async function renderedDeploymentFiles(): Promise<Record<string, string>> {
  const compose = composeFile();
  const yamlFiles: Record<string, string> = {
    'docker-compose.yml': `${compose.header}\n${stringify(compose.document, yamlOptions)}`,
  };
  for (const [name, content] of Object.entries(kubernetesManifests()))
    yamlFiles[`deploy/k8s/${name}`] = `${GENERATED_NOTICE}\n${documents(content)}`;
  const files: Record<string, string> = {
    'deploy/docker/postgres-init.sql': postgresInitSql(),
    'deploy/docker/env.example': envExample(),
  };
  // The repository's .prettierrc, found upwards from here.
  const style = await resolveConfig(__filename);
  for (const [path, content] of Object.entries(yamlFiles))
    files[path] = await format(content, { ...style, parser: 'yaml' });
  return files;
}
