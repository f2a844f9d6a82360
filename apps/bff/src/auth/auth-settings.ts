import type { KeyValueStore } from './key-value-store';

export interface AuthSettings {
  /** HS256 key of the access tokens; at least 32 characters. */
  jwtSecret: string;
  /** Sessions and login counters: Redis, or memory in standalone mode. */
  store: KeyValueStore;
}

export const AUTH_SETTINGS = Symbol('AUTH_SETTINGS');
