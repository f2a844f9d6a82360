import { isIP } from 'node:net';
import { z } from 'zod';
import type { TrustProxy } from '@mkt/http';

export class ConfigError extends Error {}

/**
 * Reads settings from the environment through a schema. Every missing or malformed setting is named
 * in one message, so a process that cannot run says why before it does anything. An empty setting
 * counts as unset (compose passes `NAME=` for every setting `.env` leaves blank).
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return given[name] === undefined ? `${name} is missing` : `${name} is invalid (${issue.message})`;
  });
  throw new ConfigError(`configuration error: ${problems.join('; ')}`);
}

export const port = z.coerce.number().int().min(1).max(65_535);
/** RATE_LIMIT_PER_MINUTE: API calls per client address and minute; 0 turns the general limit off. */
export const requestsPerMinute = z.coerce.number().int().min(0).default(600);
/** NEW_VISITORS_PER_ADDRESS: new visitor ids (counted visitors) a client address may get per day; 0: no limit. */
export const newVisitorsPerAddress = z.coerce.number().int().min(0).optional();
/** MESSAGING_RETENTION_DAYS: how long processed events are kept (fractions allowed); 7 when unset. */
export const retentionDaysSetting = z.coerce.number().positive().max(3_650);
export const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL');
export const brokerList = z
  .string()
  .regex(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/, 'must be host:port[,host:port...]')
  .transform((v) => v.split(','));
/** Before every topic and consumer group: two stores may share one broker. */
export const kafkaTopicPrefix = z
  .string()
  .regex(/^[\w.-]*$/, 'letters, digits, ".", "_" and "-" only')
  .optional();

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_PRESETS.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const HOP_COUNT = /^\d{1,2}$/;

/**
 * Which proxies in front may name the client's address (Fastify's `trustProxy`): a number of hops,
 * or `loopback`, `linklocal`, `uniquelocal` and IP addresses or CIDRs, comma-separated.
 */
export const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) => HOP_COUNT.test(value) || value.split(',').every((entry) => isProxyEntry(entry.trim())),
    'must be a hop count, or loopback, linklocal, uniquelocal and IP addresses or CIDRs separated by commas',
  )
  .transform((value): TrustProxy =>
    HOP_COUNT.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim()),
  );

/** Why `entry` is not an origin as a browser's Origin header spells it, or undefined when it is. */
function originProblem(entry: string): string | undefined {
  const url = URL.canParse(entry) ? new URL(entry) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return `"${entry}" is not an origin (http(s)://host[:port])`;
  }
  // Browsers send the origin exactly so (lower-case host, no default port, no path or slash).
  return url.origin === entry ? undefined : `"${entry}" is not an origin: write it as "${url.origin}"`;
}

/**
 * Origins of other sites whose pages may call the API (CORS), comma-separated; empty for none.
 * Compose passes an unset variable on as an empty string.
 */
export const corsOrigins = z.string().transform((value, context) => {
  if (value.trim() === '') return [];
  const origins = value.split(',').map((entry) => entry.trim());
  for (const origin of origins) {
    const problem = originProblem(origin);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }
  return origins;
});
