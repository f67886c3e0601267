import { resolveJwtSecret } from './auth/secret.js';
import { buildApp } from './app.js';
import { loadConfig, shouldSeedDemo } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_USERS, seedDemo } from './seed/demo.js';
import { startHousekeeping } from './worker/housekeeping.js';

/** Starts the roles this process plays: `all` (API + worker), `api` or `worker`. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const { jwtSecret, seeded } = await database.withStartupLock(async () => ({
    seeded: shouldSeedDemo(config) ? await seedDemo(database.db, config.DEMO_PASSWORD) : false,
    jwtSecret: await resolveJwtSecret(database.db, config.JWT_SECRET),
  }));

  const stops: Array<() => Promise<void> | void> = [];
  const log = (message: string) => console.log(message);

  if (config.ROLE !== 'worker') {
    const { app, bus, hub } = await buildApp({ config, database, jwtSecret });
    await bus.listen();
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    stops.push(async () => {
      hub.closeAll();
      await app.close();
      await bus.close();
    });
    printWelcome(address, config.DEMO_PASSWORD, seeded || shouldSeedDemo(config));
  }
  if (config.ROLE !== 'api') stops.push(startHousekeeping(database.db, log));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    (async () => {
      for (const stop of stops) await stop();
      await database.close();
    })()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

function printWelcome(address: string, password: string, demo: boolean): void {
  const url = address.replace('127.0.0.1', 'localhost');
  console.log(`\nSIM cabinet is running at ${url}\nAPI docs: ${url}/api/docs`);
  if (demo) {
    console.log(`Demo logins (password "${password}"):`);
    for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(22)} ${user.role}`);
  }
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
