import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseNotices } from '@mkt/messaging';
import { Client } from 'pg';
import type { DatabaseTarget } from './database-target';

type OnNotice = (payload: string | undefined) => void;

/** How long a lost listening connection to PostgreSQL waits before it connects again. */
const RECONNECT_DELAY_MS = 1_000;

/** A process's listening side of one database: its `close` ends the connection it holds. */
export interface OpenDatabaseNotices extends DatabaseNotices {
  close(): Promise<void>;
}

/**
 * The notifications of a target's schema: one listening connection per service and process
 * (PGlite's own listeners in standalone mode), each channel listened to once however many wait on it.
 */
export function openDatabaseNotices(target: DatabaseTarget): OpenDatabaseNotices {
  return target.kind === 'embedded'
    ? new EmbeddedNotices(target.schema, target.db)
    : new PostgresNotices(target.schema, target.url);
}

/** The listeners of each channel, and the one LISTEN per channel beneath them. */
abstract class ChannelListeners implements OpenDatabaseNotices {
  protected readonly channels = new Map<string, Set<OnNotice>>();

  constructor(private readonly schema: string) {}

  async listen(name: string, onNotice: OnNotice): Promise<() => Promise<void>> {
    // The channel notify_listeners(name) sends on: several schemas share a database in standalone mode.
    const channel = `${name}_${this.schema}`;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
      try {
        await this.startListening(channel);
      } catch (error) {
        this.channels.delete(channel);
        throw error;
      }
    }
    listeners.add(onNotice);
    // The channel stays listened to: the next waiter on it (a relay, another request) is near.
    return async () => {
      listeners.delete(onNotice);
    };
  }

  protected dispatch(channel: string, payload: string | undefined): void {
    for (const onNotice of this.channels.get(channel) ?? []) onNotice(payload);
  }

  protected abstract startListening(channel: string): Promise<void>;
  abstract close(): Promise<void>;
}

class EmbeddedNotices extends ChannelListeners {
  private readonly stops: (() => Promise<void>)[] = [];

  constructor(
    schema: string,
    private readonly db: PGlite,
  ) {
    super(schema);
  }

  protected async startListening(channel: string): Promise<void> {
    this.stops.push(await this.db.listen(channel, (payload) => this.dispatch(channel, payload)));
  }

  async close(): Promise<void> {
    this.channels.clear();
    if (this.db.closed) return;
    await Promise.all(this.stops.splice(0).map((stop) => stop()));
  }
}

/**
 * A connection of its own (LISTEN holds it), connected on first use. While it cannot connect, or
 * once it is lost, it tries again every second; back, it listens to every channel again and tells
 * every listener it may have missed notifications.
 */
class PostgresNotices extends ChannelListeners {
  private client?: Client;
  private connecting?: Promise<Client>;
  private reconnecting?: NodeJS.Timeout;
  private closed = false;

  constructor(
    schema: string,
    private readonly url: string,
  ) {
    super(schema);
  }

  protected async startListening(channel: string): Promise<void> {
    try {
      await (await this.connected()).query(`LISTEN ${channel}`);
    } catch {
      // Listened to once the connection is back.
      if (this.client) this.lost(this.client);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnecting);
    const client = this.client;
    this.client = undefined;
    this.connecting = undefined;
    await client?.end().catch(() => undefined);
  }

  private connected(): Promise<Client> {
    if (this.closed) return Promise.reject(new Error('database notices closed'));
    if (!this.connecting) {
      const client = new Client({ connectionString: this.url });
      this.client = client;
      client.on('notification', ({ channel, payload }) => this.dispatch(channel, payload ?? ''));
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      this.connecting = client.connect().then(
        () => client,
        (error: unknown) => {
          this.lost(client);
          throw error;
        },
      );
    }
    return this.connecting;
  }

  private lost(client: Client): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.connecting = undefined;
    void client.end().catch(() => undefined);
    if (this.closed || this.reconnecting) return;
    this.reconnecting = setTimeout(() => void this.reconnect(), RECONNECT_DELAY_MS);
    this.reconnecting.unref();
  }

  private async reconnect(): Promise<void> {
    this.reconnecting = undefined;
    if (this.closed) return;
    try {
      const client = await this.connected();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch {
      if (this.client) this.lost(this.client);
      return;
    }
    for (const channel of this.channels.keys()) this.dispatch(channel, undefined);
  }
}
