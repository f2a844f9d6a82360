import { positiveIdSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { accessDenied } from './guards';
import type { SessionClaims } from './refresh-sessions';

/** The spec's client sends its `mno` in some bodies; the token names the member, and a body naming another is refused. */
const namedMember = z.object({ mno: positiveIdSchema.optional() });

export function assertOwnBody(body: unknown, caller: SessionClaims): void {
  const { mno } = parseInput(namedMember, body);
  if (mno !== undefined && mno !== caller.mno) throw accessDenied();
}
