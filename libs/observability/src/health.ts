import type { FastifyReply } from 'fastify';

/**
 * Liveness and readiness, kept apart so that a database blip takes pods out of the load balancer
 * instead of restarting them all.
 *
 * - Liveness (`…/health/live`): the process is up and its event loop answers (a blocked loop
 *   misses the probe's timeout). It asks nothing else: restarting a process cures none of its
 *   dependencies.
 * - Readiness (`…/health/ready`): every dependency the process needs to serve answers in time;
 *   503 naming the ones that do not.
 */

/** Under the probes' 3 s timeout (deploy/k8s), so that a hanging dependency answers 503, not nothing. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export type DependencyState = 'up' | 'down';

export interface Liveness {
  status: 'live';
}

export interface Readiness {
  status: 'ready' | 'unready';
  dependencies: Record<string, DependencyState>;
}

export const liveness = (): Liveness => ({ status: 'live' });

/** Runs each dependency's check at once; one that throws or outlasts the timeout is down. */
export async function readiness(
  checks: Record<string, () => Promise<unknown>>,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const states = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, DependencyState]> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
      });
      try {
        await Promise.race([check(), timeout]);
        return [name, 'up'];
      } catch {
        return [name, 'down'];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const dependencies = Object.fromEntries(states);
  return {
    status: states.every(([, state]) => state === 'up') ? 'ready' : 'unready',
    dependencies,
  };
}

/** Answers a readiness probe: 200 when ready, else 503 (the body names what is down). */
export async function answerReadiness(
  reply: FastifyReply,
  checks: Record<string, () => Promise<unknown>>,
): Promise<Readiness> {
  const answer = await readiness(checks);
  reply.status(answer.status === 'ready' ? 200 : 503);
  return answer;
}
