// The bare route of bench/list-throughput.ts, in a process of its own: Fastify and the product's
// list service from its build (the same SQL through the same pool and session settings), and
// nothing else — no authentication, session check, request validation, hooks, logging or response
// schema. What the product does beyond this is the cost the bench measures.
// It keeps the product's request caches, as the list service's own data work (the company scope, a
// filter's remembered count) is part of the same SQL, not of the route.
// Env: DATABASE_URL, COMPANY_ID, USER_ID. Prints "listening <port>" once it listens on 127.0.0.1.
import Fastify from 'fastify';
import { startRequestCaches } from '../../apps/server/dist/auth/request-caches.js';
import { openDatabase } from '../../apps/server/dist/db/client.js';
import { listCards } from '../../apps/server/dist/modules/sims/list/service.js';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
await startRequestCaches(database);
/** The bench company's admin, as the product's gate would have found them. */
const principal = {
  kind: 'user',
  userId: Number(process.env.USER_ID),
  companyId: Number(process.env.COMPANY_ID),
  role: 'admin',
  sessionId: 'bare',
  apiTokenId: null,
  impersonatorId: null,
  companyBlocked: false,
  registrationComplete: true,
  lang: 'en',
};
const app = Fastify({ bodyLimit: 6 * 1024 * 1024 });
// The bench sends complete requests (every default filled in), so the body is used as it is.
app.post('/list', async (request) => ({ result: await listCards(database.db, principal, request.body) }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
