import type { KeyValueStore } from './key-value-store';
import type { SessionTiming } from './refresh-sessions';

export interface AuthSettings {
  /** HS256 key of the access tokens; at least 32 characters. */
  jwtSecret: string;
  /** Sessions and login counters: Redis, or memory in standalone mode. */
  store: KeyValueStore;
  /** The defaults of RefreshSessions unless given (tests move the clock past the refresh grace). */
  sessionTiming?: Partial<SessionTiming>;
}

export const AUTH_SETTINGS = Symbol('AUTH_SETTINGS');
