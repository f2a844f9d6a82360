import { randomBytes } from 'node:crypto';
import type { SocialProvider } from '@mkt/contracts';
import type { KeyValueStore } from '../auth/key-value-store';
import { tokenDigest } from '../auth/token-digest';

/**
 * The provider's access token stays on the server. The browser gets a ticket for it that works
 * once, for a few minutes, for the provider it came from: a token from elsewhere cannot be
 * slipped in to sign in as somebody else.
 */
export class SocialTickets {
  constructor(
    private readonly store: KeyValueStore,
    readonly ttlSeconds = 300,
  ) {}

  async issue(provider: SocialProvider, providerAccessToken: string): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.store.set(
      `social:ticket:${tokenDigest(ticket)}`,
      JSON.stringify({ provider, providerAccessToken }),
      this.ttlSeconds,
    );
    return ticket;
  }

  /** The provider's access token; null for an unknown, expired, used or other provider's ticket. */
  async redeem(provider: SocialProvider, ticket: string): Promise<string | null> {
    const id = tokenDigest(ticket);
    const stored = await this.store.get(`social:ticket:${id}`);
    if (!stored) return null;
    if (!(await this.store.setIfAbsent(`social:used:${id}`, '1', this.ttlSeconds))) return null;
    await this.store.delete([`social:ticket:${id}`]);
    const issued = JSON.parse(stored) as { provider: SocialProvider; providerAccessToken: string };
    return issued.provider === provider ? issued.providerAccessToken : null;
  }
}
