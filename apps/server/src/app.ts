import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { API } from '@cab/contract/paths';
import Fastify, { type FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthentication } from './auth/authenticate.js';
import { PasswordAttempts } from './auth/password-attempts.js';
import { limitPasswordWork } from './auth/passwords.js';
import { AccessTokens } from './auth/tokens.js';
import { publicUrl, type Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer } from './delivery/mail.js';
import { registerCompression } from './http/compression.js';
import { registerErrorHandler } from './http/errors.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerSpa } from './http/static-spa.js';
import { registerBillRoutes } from './modules/bills/routes.js';
import { BillService } from './modules/bills/service.js';
import { registerOrderRoutes } from './modules/orders/routes.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { registerForgotRoutes } from './modules/forgot/routes.js';
import { registerMeRoutes } from './modules/me/routes.js';
import { registerNewsRoutes } from './modules/news/routes.js';
import { NewsService } from './modules/news/service.js';
import { registerNotifyRoutes } from './modules/notify/routes.js';
import { registerNotifyMethodRoutes } from './modules/notify-methods/routes.js';
import { registerProfileRoutes } from './modules/profile/routes.js';
import { registerQueueRoutes } from './modules/queue/routes.js';
import { registerCompanyRoutes } from './modules/companies/routes.js';
import { registerCompanyPageRoutes } from './modules/company/routes.js';
import { registerCompanyUserRoutes } from './modules/company/users-routes.js';
import { registerApiTokenRoutes } from './modules/api-tokens/routes.js';
import { registerGroupRoutes } from './modules/groups/routes.js';
import { registerAuditRoutes } from './modules/audit/routes.js';
import { registerCompaniesAdminRoutes } from './modules/companies-admin/routes.js';
import { registerImpersonationRoutes } from './modules/impersonation/routes.js';
import { registerRegistrationRoutes } from './modules/registration/routes.js';
import { registerToolsRoutes } from './modules/tools/routes.js';
import { createTelephonyAdapter } from './telephony/create-adapter.js';
import { registerDepositRoutes } from './modules/deposit/routes.js';
import { registerSimDetailRoutes, registerSimRoutes } from './modules/sims/routes.js';
import { createNetworkAdapter } from './network/create-adapter.js';
import type { EventBus } from './realtime/bus.js';
import { RealtimeHub } from './realtime/hub.js';

export interface AppContext {
  config: Config;
  database: Database;
  jwtSecret: string;
  jobs: PgBoss;
  bus: EventBus;
}

export interface BuiltApp {
  app: FastifyInstance;
  hub: RealtimeHub;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the API: plugins, authentication, every module's routes, websocket hub and the SPA. */
export async function buildApp({ config, database, jwtSecret, jobs, bus }: AppContext): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const db = database.db;
  const tokens = new AccessTokens(jwtSecret);
  // First, so its onRoute hook gives every route registered after it (all of them) its access rule.
  registerAuthentication(app, db, tokens);
  registerInputGuard(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Browsers must not upgrade plain-HTTP local installs.
        upgradeInsecureRequests: null,
      },
    },
  });
  await registerCompression(app);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'SIM cabinet API', version: '1.0.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }, security: [{ bearer: [] }] },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API.docs });
  app.get(API.openapi, { schema: { hide: true } }, () => app.swagger());

  const hub = new RealtimeHub(db, tokens, bus, (error) => app.log.error({ err: error }, 'websocket message failed'));

  limitPasswordWork(config.PASSWORD_HASH_CONCURRENCY, config.PASSWORD_HASH_QUEUE);
  const attempts = new PasswordAttempts(db, {
    windowMinutes: config.AUTH_WINDOW_MINUTES,
    accountMaxFailures: config.AUTH_ACCOUNT_MAX_FAILURES,
    clientMaxFailures: config.AUTH_IP_MAX_FAILURES,
    clientBlockFailures: config.AUTH_IP_BLOCK_FAILURES,
  });
  const auth = new AuthService(db, tokens, attempts);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, db, log: app.log });
  registerAuthRoutes(app, auth, bus);
  registerForgotRoutes(app, { db, bus, mailer }, publicUrl(config));
  registerRegistrationRoutes(app, { db, auth, mailer, telephony: createTelephonyAdapter(db, app.log), publicUrl: publicUrl(config) });
  registerToolsRoutes(app, db);
  registerMeRoutes(app, db);
  registerProfileRoutes(app, { db, bus, attempts });
  registerNewsRoutes(app, new NewsService(db, bus));
  registerNotifyRoutes(app, db);
  registerNotifyMethodRoutes(app, { db, jobs, retry: { retryLimit: config.NOTIFY_RETRY_LIMIT, retryDelaySeconds: config.NOTIFY_RETRY_DELAY_SECONDS }, allowHosts: config.OUTBOUND_ALLOW_HOSTS });
  registerQueueRoutes(app, {
    db,
    bus,
    jobs,
    batchSize: config.QUEUE_BATCH_SIZE,
    maxParallelJobs: config.QUEUE_CONCURRENCY * 2,
    limits: { maxRunning: config.QUEUE_MAX_RUNNING_PER_COMPANY, maxSimsInFlight: config.QUEUE_MAX_SIMS_IN_FLIGHT_PER_COMPANY },
  });
  registerSimRoutes(app, db);
  registerSimDetailRoutes(app, { db, bus, network: createNetworkAdapter(config, db) });
  registerGroupRoutes(app, db);
  registerCompanyRoutes(app, db);
  registerCompaniesAdminRoutes(app, { db, bus, mailer, publicUrl: publicUrl(config) });
  registerImpersonationRoutes(app, { db, bus, auth });
  registerAuditRoutes(app, db);
  registerDepositRoutes(app, { db, bus, jobs, graceHours: config.BILLING_GRACE_HOURS });
  registerCompanyPageRoutes(app, db);
  registerCompanyUserRoutes(app, { db, bus, mailer, loginUrl: `${publicUrl(config)}/login` });
  registerApiTokenRoutes(app, db);
  registerOrderRoutes(app, { db, bus });
  registerBillRoutes(app, new BillService({ db, bus, jobs, graceHours: config.BILLING_GRACE_HOURS, minAmountEur: config.BILL_MIN_AMOUNT_EUR }));
  hub.register(app);

  await registerSpa(app, config.WEB_DIST ?? defaultWebDist);
  return { app, hub };
}
