import type { ServiceName, ServiceNode, Setting } from '../topology';
import { BFF, SERVICE_SETTINGS, SERVICES, serviceUrlSetting } from '../topology';

/**
 * deploy/k8s: a kustomization with a Deployment and a Service per process. PostgreSQL, Kafka and
 * Redis are outside the cluster's manifests: their addresses come from the `marketplace-config`
 * ConfigMap (KAFKA_BROKERS, REDIS_URL) and the `marketplace-secrets` Secret (each service's
 * `<NAME>_DATABASE_URL`, JWT_SECRET and the other secrets), which the operator creates.
 */

const PORT = 3000;
const IMAGE = 'deals-marketplace-app';
const CONFIG = 'marketplace-config';
const SECRETS = 'marketplace-secrets';
const labels = (name: string) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/part-of': 'deals-marketplace',
});

const fromConfig = (name: string) => ({ name, valueFrom: { configMapKeyRef: { name: CONFIG, key: name } } });
const fromSecret = (name: string, key = name, optional = false) => ({
  name,
  valueFrom: { secretKeyRef: { name: SECRETS, key, ...(optional ? { optional: true } : {}) } },
});
/** Optional settings: from the Secret when secret, else from the ConfigMap; absent keys leave them unset. */
const optionalSetting = (setting: Setting) =>
  setting.secret
    ? fromSecret(setting.name, setting.name, true)
    : {
        name: setting.name,
        valueFrom: { configMapKeyRef: { name: CONFIG, key: setting.name, optional: true } },
      };
const calledUrls = (names: readonly ServiceName[]) =>
  names.map((name) => ({ name: serviceUrlSetting(name), value: `http://${name}:${PORT}` }));

/**
 * `health`: the process's health routes (libs/observability's health). Started and alive while the
 * process answers `…/live`; in the load balancer while `…/ready` answers too (its database, say): a
 * dependency's blip takes pods out of the Service rather than restarting them.
 */
function deployment(name: string, env: unknown[], health: string) {
  const probe = (path: string, periodSeconds: number) => ({
    httpGet: { path, port: 'http' },
    periodSeconds,
    timeoutSeconds: 3,
    failureThreshold: 3,
  });
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: labels(name) },
    spec: {
      // Every process scales out: a service's replicas share its consumer group and split the
      // partitions, and keep nothing on a disk of their own (catalog's images are in its database).
      replicas: 2,
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
      template: {
        metadata: { labels: labels(name) },
        spec: {
          containers: [
            {
              name,
              image: IMAGE,
              command: ['node', 'scripts/run-service.mjs', name],
              ports: [{ name: 'http', containerPort: PORT }],
              env: [{ name: 'PORT', value: String(PORT) }, ...env],
              startupProbe: { ...probe(`${health}/live`, 5), failureThreshold: 30 },
              readinessProbe: probe(`${health}/ready`, 10),
              livenessProbe: probe(`${health}/live`, 20),
              resources: {
                requests: { cpu: '100m', memory: '256Mi' },
                limits: { memory: '512Mi' },
              },
            },
          ],
        },
      },
    },
  };
}

const service = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, labels: labels(name) },
  spec: {
    selector: { 'app.kubernetes.io/name': name },
    ports: [{ name: 'http', port: PORT, targetPort: 'http' }],
  },
});

function serviceManifests(node: ServiceNode): unknown[] {
  const env = [
    fromConfig('KAFKA_BROKERS'),
    fromSecret('DATABASE_URL', `${node.name.toUpperCase()}_DATABASE_URL`),
    ...calledUrls(node.calls),
    ...[...SERVICE_SETTINGS, ...(node.settings ?? [])].map(optionalSetting),
  ];
  return [
    // Ready while its database answers.
    deployment(node.name, env, '/health'),
    service(node.name),
  ];
}

function bffManifests(): unknown[] {
  const env = [
    fromConfig('REDIS_URL'),
    fromConfig('KAFKA_BROKERS'),
    { name: 'WEB_DIST', value: 'apps/web/dist' },
    ...calledUrls(BFF.calls),
    fromSecret('JWT_SECRET'),
    ...BFF.settings
      .filter((setting) => !['REDIS_URL', 'KAFKA_BROKERS', 'WEB_DIST', 'JWT_SECRET'].includes(setting.name))
      .map(optionalSetting),
  ];
  // Ready while Redis answers; a service down fails only the calls that need it.
  return [deployment('bff', env, '/api/health'), service('bff')];
}

/** The files of deploy/k8s, by name. */
export function kubernetesManifests(): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const node of SERVICES) files[`${node.name}.yaml`] = serviceManifests(node);
  files['bff.yaml'] = bffManifests();
  files['kustomization.yaml'] = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    resources: Object.keys(files),
    images: [{ name: IMAGE, newName: IMAGE, newTag: 'latest' }],
    configMapGenerator: [
      {
        name: CONFIG,
        literals: ['KAFKA_BROKERS=kafka:9092', 'REDIS_URL=redis://redis:6379'],
      },
    ],
    generatorOptions: { disableNameSuffixHash: true },
  };
  return files;
}
