import { SERVICES } from '../topology';

/** deploy/docker/postgres-init.sql: one database per service, quoted ("order" is a reserved word). */
export function postgresInitSql(): string {
  return [
    '-- Rendered from libs/topology by `npm run topology:render`: edit the topology, not this file.',
    "-- One database per service, run once on an empty cluster: by the postgres image's",
    '-- /docker-entrypoint-initdb.d (docker-compose.yml) and by deploy/local/infra.sh after initdb.',
    ...SERVICES.map((node) => `CREATE DATABASE "${node.database}";`),
    '',
  ].join('\n');
}
