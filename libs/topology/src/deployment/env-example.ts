import { BFF, SERVICE_SETTINGS, SERVICES } from '../topology';

/**
 * deploy/docker/env.example: the settings an operator may give docker compose in `.env`, each
 * with what it is for. Compose's own values (addresses, ports) are not among them.
 */
export function envExample(): string {
  const internal = new Set(['REDIS_URL', 'KAFKA_BROKERS', 'WEB_DIST']);
  const sections = [
    { process: 'bff', settings: BFF.settings.filter((setting) => !internal.has(setting.name)) },
    // A setting the bff takes too is listed once, with the bff's.
    {
      process: 'every service',
      settings: SERVICE_SETTINGS.filter((setting) => !BFF.settings.includes(setting)),
    },
    ...SERVICES.filter((node) => node.settings?.length).map((node) => ({
      process: node.name,
      settings: node.settings ?? [],
    })),
  ];
  return [
    '# Rendered from libs/topology by `npm run topology:render`: edit the topology, not this file.',
    '# Copy to `.env` next to docker-compose.yml and fill in what you need; every line is optional',
    '# (without JWT_SECRET the bff uses a key made on first start and kept in the `keys` volume).',
    ...sections.flatMap(({ process, settings }) => [
      '',
      `# ${process}`,
      ...settings.flatMap((setting) => [
        `# ${setting.description}${setting.secret ? ' (secret)' : ''}`,
        `${setting.name}=`,
      ]),
    ]),
    '',
  ].join('\n');
}
