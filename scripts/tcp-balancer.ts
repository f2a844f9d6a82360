import type { Server, Socket } from 'node:net';
import { connect, createServer } from 'node:net';

/**
 * Spreads the TCP connections made to `port` over the replicas listening on `replicaPorts`, in turn,
 * as a Kubernetes Service spreads them over its pods: what lets `npm run start:distributed
 * --replicas N` keep one address per process kind. A replica that refuses a connection (killed,
 * restarting) is passed over for the next one; a connection already open to a replica that dies
 * ends with it, and the caller's next connection goes elsewhere.
 */
export function startBalancer(host: string, port: number, replicaPorts: readonly number[]): Promise<Server> {
  let turn = 0;
  const server = createServer((client) => {
    client.pause();
    client.on('error', () => client.destroy());
    const tryReplica = (tried: number) => {
      const replica = connect(replicaPorts[turn++ % replicaPorts.length], host);
      replica.once('connect', () => (client.destroyed ? replica.destroy() : pipeBoth(client, replica)));
      // Only until connected: pipeBoth puts its own handler in place.
      replica.once('error', () => {
        replica.destroy();
        if (tried + 1 < replicaPorts.length && !client.destroyed) tryReplica(tried + 1);
        else client.destroy();
      });
    };
    tryReplica(0);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Bytes both ways; an end travels on (pipe ends the other side once its writes are flushed), a
 * failure (a replica killed, a client gone) ends both at once.
 */
function pipeBoth(client: Socket, replica: Socket): void {
  replica.removeAllListeners('error');
  replica.on('error', () => client.destroy());
  client.on('error', () => replica.destroy());
  client.pipe(replica).pipe(client);
  client.resume();
}
