import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.js';
import { freePort } from './processes.js';

/** Ends every connection to the database but the caller's own, as a failover or restart does; answers their application names. */
export async function terminateOtherBackends(admin: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string; ended: boolean }>(admin.db, sql`
    select application_name as name, pg_terminate_backend(pid) as ended from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()`);
  return rows.filter((r) => r.ended).map((r) => r.name);
}

/**
 * A TCP relay between servers under test and PostgreSQL that a test can shut: while shut, new
 * connections are refused (ECONNREFUSED, as during a failover or a restart). Shutting it and then
 * terminating the backends (pg_terminate_backend) makes a database outage of a chosen length.
 */
export interface DbGate {
  /** The database URL through the gate. */
  url: string;
  /** Refuses new connections; open ones live on until their backend ends. */
  shut(): void;
  open(): Promise<void>;
  /** Shuts and cuts every relayed connection. */
  dispose(): void;
}

export async function startDbGate(databaseUrl: string): Promise<DbGate> {
  const target = new URL(databaseUrl);
  const targetHost = target.hostname || '127.0.0.1';
  const targetPort = Number(target.port || 5432);
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  const relay = (client: Socket) => {
    const upstream = connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const next = createServer(relay);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve();
      });
    });

  const shut = () => {
    server?.close();
    server = null;
  };

  await open();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    shut,
    open,
    dispose: () => {
      shut();
      for (const socket of sockets) socket.destroy();
    },
  };
}
