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
