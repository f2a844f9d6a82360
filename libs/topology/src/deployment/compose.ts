import type { ServiceName, ServiceNode, Setting } from '../topology';
import { BFF, SERVICE_SETTINGS, SERVICES, serviceNode, serviceUrlSetting } from '../topology';
import { GENERATED_NOTICE } from './notice';

/** Every process listens on this port inside its container. */
const CONTAINER_PORT = 3000;
const IMAGE = 'deals-marketplace-app:local';
const KEYS_DIR = '/app/.data/keys';
const databaseUrl = (database: string) => `postgresql://postgres@postgres:5432/${database}`;

/** Compose starts a container's dependants once it is ready (libs/observability's health). */
const healthcheck = (path: string) => ({
  test: [
    'CMD',
    'node',
    '-e',
    `fetch('http://127.0.0.1:${CONTAINER_PORT}${path}').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`,
  ],
  interval: '5s',
  timeout: '3s',
  retries: 30,
  start_period: '20s',
});

/** Settings the operator gives in `.env` (compose reads it): empty when unset, secrets included. */
const passedThrough = (settings: readonly Setting[] = []) =>
  Object.fromEntries(settings.map((setting) => [setting.name, `\${${setting.name}:-}`]));

const calledUrls = (names: readonly ServiceName[]) =>
  Object.fromEntries(names.map((name) => [serviceUrlSetting(name), `http://${name}:${CONTAINER_PORT}`]));

const healthy = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, { condition: 'service_healthy' }]));

const SEEDED = ['catalog', 'member', 'board'];
/** BFF settings compose sets itself (SMTP_URL and PUBLIC_URL with a default .env may override). */
const COMPOSE_GIVEN = ['REDIS_URL', 'KAFKA_BROKERS', 'WEB_DIST', 'SMTP_URL', 'PUBLIC_URL'];

function serviceContainer(node: ServiceNode) {
  return {
    image: IMAGE,
    restart: 'unless-stopped',
    command: ['node', 'scripts/run-service.mjs', node.name],
    environment: {
      PORT: String(CONTAINER_PORT),
      KAFKA_BROKERS: 'kafka:9092',
      DATABASE_URL: databaseUrl(node.database),
      ...calledUrls(node.calls),
      ...passedThrough([...SERVICE_SETTINGS, ...(node.settings ?? [])]),
    },
    healthcheck: healthcheck('/health/ready'),
    depends_on: {
      ...healthy(['postgres', 'kafka']),
      ...(SEEDED.includes(node.name) ? { seed: { condition: 'service_completed_successfully' } } : {}),
    },
  };
}

const infrastructure = {
  postgres: {
    image: 'postgres:15',
    environment: {
      POSTGRES_USER: 'postgres',
      // Local trials only: no password, like deploy/local/infra.sh.
      POSTGRES_HOST_AUTH_METHOD: 'trust',
    },
    command: ['postgres', '-c', 'max_connections=300'],
    volumes: [
      'postgres-data:/var/lib/postgresql/data',
      './deploy/docker/postgres-init.sql:/docker-entrypoint-initdb.d/10-databases.sql:ro',
    ],
    ports: ['127.0.0.1:55432:5432'],
    healthcheck: {
      test: ['CMD-SHELL', 'pg_isready -U postgres -d postgres'],
      interval: '3s',
      timeout: '3s',
      retries: 30,
    },
  },
  redis: {
    image: 'redis:7',
    command: ['redis-server', '--save', '', '--appendonly', 'no'],
    ports: ['127.0.0.1:56379:6379'],
    healthcheck: { test: ['CMD', 'redis-cli', 'ping'], interval: '3s', timeout: '3s', retries: 30 },
  },
  // The mail catcher of the password reset mails: its page (http://localhost:8025) shows them.
  mailpit: {
    image: 'axllent/mailpit:v1.33.1',
    ports: ['127.0.0.1:51025:1025', '127.0.0.1:8025:8025'],
    healthcheck: { test: ['CMD', '/mailpit', 'readyz'], interval: '3s', timeout: '3s', retries: 30 },
  },
  // Single-node KRaft broker: PLAINTEXT (kafka:9092) for the containers, HOST (127.0.0.1:59092)
  // for tests running on the host.
  kafka: {
    image: 'apache/kafka:4.3.1',
    environment: {
      KAFKA_NODE_ID: 1,
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@kafka:9093',
      KAFKA_LISTENERS: 'PLAINTEXT://:9092,HOST://:59092,CONTROLLER://:9093',
      KAFKA_ADVERTISED_LISTENERS: 'PLAINTEXT://kafka:9092,HOST://127.0.0.1:59092',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,HOST:PLAINTEXT',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_NUM_PARTITIONS: 3,
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: 1,
      KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: 3,
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: 1,
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: 1,
      KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR: 1,
      KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR: 1,
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: 0,
      KAFKA_HEAP_OPTS: '-Xms128m -Xmx512m',
    },
    ports: ['127.0.0.1:59092:59092'],
    healthcheck: {
      test: [
        'CMD-SHELL',
        '/opt/kafka/bin/kafka-broker-api-versions.sh --bootstrap-server localhost:9092 > /dev/null 2>&1',
      ],
      interval: '5s',
      timeout: '10s',
      retries: 30,
      start_period: '10s',
    },
  },
};

/** docker-compose.yml: the servers, a one-shot seeding of the demo store, every service and the BFF. */
export function composeFile(): { header: string; document: unknown } {
  const seed = {
    image: IMAGE,
    build: { context: '.', dockerfile: 'deploy/docker/Dockerfile' },
    // Migrates catalog, member and board and fills each that is empty; a no-op on later starts.
    command: ['node', 'scripts/run-service.mjs', 'seed'],
    environment: {
      ...Object.fromEntries(
        SEEDED.map((name) => [`${name.toUpperCase()}_DATABASE_URL`, databaseUrl(serviceNode(name).database)]),
      ),
    },
    depends_on: healthy(['postgres']),
  };
  const bff = {
    image: IMAGE,
    restart: 'unless-stopped',
    command: ['node', 'scripts/run-service.mjs', 'bff'],
    environment: {
      PORT: String(CONTAINER_PORT),
      REDIS_URL: 'redis://redis:6379',
      KAFKA_BROKERS: 'kafka:9092',
      WEB_DIST: 'apps/web/dist',
      ...calledUrls(BFF.calls),
      ...passedThrough(BFF.settings.filter((setting) => !COMPOSE_GIVEN.includes(setting.name))),
      // Mailpit catches the mails unless .env names a real server.
      SMTP_URL: '${SMTP_URL:-smtp://mailpit:1025}',
      PUBLIC_URL: `\${PUBLIC_URL:-http://localhost:${BFF.port}}`,
      // JWT_SECRET from .env when set; else the key the `keys` container made on first start.
      JWT_SECRET_FILE: `${KEYS_DIR}/jwt-secret`,
    },
    volumes: [`keys:${KEYS_DIR}`],
    ports: [`${BFF.port}:${CONTAINER_PORT}`],
    healthcheck: healthcheck('/api/health/ready'),
    depends_on: {
      keys: { condition: 'service_completed_successfully' },
      ...healthy(['redis', 'kafka', 'mailpit', ...BFF.calls]),
    },
  };
  const keys = {
    image: IMAGE,
    command: [
      'node',
      '-e',
      `const fs = require('node:fs'); const file = '${KEYS_DIR}/jwt-secret';` +
        ` if (!fs.existsSync(file)) fs.writeFileSync(file, require('node:crypto').randomBytes(32).toString('hex'), { mode: 0o600 });`,
    ],
    volumes: [`keys:${KEYS_DIR}`],
  };
  const document = {
    name: 'deals-marketplace',
    services: {
      ...infrastructure,
      seed,
      keys,
      ...Object.fromEntries(SERVICES.map((node) => [node.name, serviceContainer(node)])),
      bff,
    },
    volumes: Object.fromEntries(['postgres-data', 'keys'].map((volume) => [volume, {}])),
  };
  const header = [
    GENERATED_NOTICE,
    '#',
    '# With a Docker engine: `docker compose up --build`: the servers, the demo store seeded on first',
    '# start, every service, and the BFF with the web app on http://localhost:8080. Settings and',
    '# secrets (JWT_SECRET, PORTONE_*, KAKAO_* ...) come from `.env`: see deploy/docker/env.example.',
    '# Only the servers, for running tests from the host: `docker compose up -d postgres redis kafka mailpit`',
    '# (the same host ports as deploy/local/infra.sh).',
  ].join('\n');
  return { header, document };
}
