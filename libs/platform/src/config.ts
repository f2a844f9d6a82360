import { isIP } from 'node:net';
import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Reads settings from the environment through a schema. Every missing or malformed setting is named
 * in one message, so a process that cannot run says why before it does anything.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return env[name] === undefined ? `${name} is missing` : `${name} is invalid (${issue.message})`;
  });
  throw new ConfigError(`configuration error: ${problems.join('; ')}`);
}

export const port = z.coerce.number().int().min(1).max(65_535);
export const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL');
export const brokerList = z
  .string()
  .regex(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/, 'must be host:port[,host:port...]')
  .transform((v) => v.split(','));

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
 * Which proxies in front may name the client's address (Express's `trust proxy`): a number of hops,
 * or `loopback`, `linklocal`, `uniquelocal` and IP addresses or CIDRs, comma-separated.
 */
export const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) => HOP_COUNT.test(value) || value.split(',').every((entry) => isProxyEntry(entry.trim())),
    'must be a hop count, or loopback, linklocal, uniquelocal and IP addresses or CIDRs separated by commas',
  )
  .transform((value): number | string[] =>
    HOP_COUNT.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim()),
  );
export type TrustProxy = z.infer<typeof trustProxy>;
