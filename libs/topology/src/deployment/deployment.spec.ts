import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { BFF, SERVICES } from '../topology';
import { renderedDeploymentFiles } from '.';

const root = resolve(__dirname, '..', '..', '..', '..');

interface KubernetesResource {
  kind: string;
  metadata: { name: string };
  spec: {
    replicas: number;
    template: {
      spec: {
        volumes?: unknown[];
        containers: {
          readinessProbe: { httpGet: { path: string } };
          livenessProbe: { httpGet: { path: string } };
          startupProbe: { httpGet: { path: string } };
          resources: { limits: { memory?: string } };
        }[];
      };
    };
  };
}

describe('the deployment files rendered from the topology', () => {
  let files: Record<string, string>;
  beforeAll(async () => {
    files = await renderedDeploymentFiles();
  });

  it('are the files in the repository (run `npm run topology:render` after changing the topology)', () => {
    const stale = Object.entries(files)
      .filter(([path, content]) => readFileSync(join(root, path), 'utf8') !== content)
      .map(([path]) => path);
    expect(stale).toEqual([]);
  });

  it('give compose a healthchecked container per process, and the BFF waits for every service', () => {
    const compose = parse(files['docker-compose.yml']) as {
      services: Record<string, { healthcheck?: unknown; depends_on?: Record<string, unknown> }>;
    };
    for (const node of SERVICES) {
      expect(compose.services[node.name].healthcheck).toBeDefined();
      for (const called of node.calls)
        expect(compose.services[node.name].depends_on ?? {}).not.toHaveProperty(called);
    }
    expect(Object.keys(compose.services.bff.depends_on ?? {})).toEqual(
      expect.arrayContaining([...BFF.calls, 'redis', 'keys']),
    );
    expect(files['docker-compose.yml']).not.toMatch(/secret.*[0-9a-f]{32}/i);
  });

  it('give Kubernetes a Deployment and a Service per process, with probes and resources', () => {
    const resources = Object.entries(files)
      .filter(([path]) => path.startsWith('deploy/k8s/') && !path.endsWith('kustomization.yaml'))
      .flatMap(([, content]) => parseAllDocuments(content).map((doc) => doc.toJS() as KubernetesResource));
    const deployments = resources.filter((resource) => resource.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(
      [...SERVICES.map((node) => node.name), 'bff'].sort(),
    );
    for (const deployment of deployments) {
      const [container] = deployment.spec.template.spec.containers;
      // A database blip takes pods out of the Service; it restarts none.
      expect(container.readinessProbe.httpGet.path).toMatch(/health\/ready$/);
      expect(container.livenessProbe.httpGet.path).toMatch(/health\/live$/);
      expect(container.startupProbe.httpGet.path).toMatch(/health\/live$/);
      expect(container.resources.limits.memory).toBeDefined();
    }
    expect(resources.filter((resource) => resource.kind === 'Service')).toHaveLength(deployments.length);
  });

  it('scale every process out: two replicas each, catalog too, none keeping files on a volume of its own', () => {
    const resources = Object.values(files).flatMap((content) =>
      parseAllDocuments(content).map((doc) => doc.toJS() as KubernetesResource),
    );
    const replicas = Object.fromEntries(
      resources
        .filter((resource) => resource.kind === 'Deployment')
        .map((deployment) => [deployment.metadata.name, deployment.spec.replicas]),
    );
    expect(replicas).toEqual(
      Object.fromEntries([...SERVICES.map((node) => node.name), 'bff'].map((name) => [name, 2])),
    );
    expect(resources.filter((resource) => resource.kind === 'PersistentVolumeClaim')).toEqual([]);
    expect(resources.flatMap((resource) => resource.spec?.template?.spec.volumes ?? [])).toEqual([]);
  });
});
