import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { API } from '@cab/contract/paths';
import Fastify, { type FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthentication } from './auth/authenticate.js';
import { registerRequestCaches } from './auth/request-caches.js';
import { PasswordAttempts } from './auth/password-attempts.js';
import { limitPasswordWork } from './auth/passwords.js';
import { AccessTokens } from './auth/tokens.js';
import { publicUrl, type Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer } from './delivery/mail.js';
import { registerCompression } from './http/compression.js';
import { registerErrorHandler } from './http/errors.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerInputGuard } from './http/input-guard.js';
import { BEARER_SCHEME, completeApiDocument } from './http/openapi-document.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/static-spa.js';
import { loggableError } from './log/loggable-error.js';
import { registerBillRoutes } from './modules/commerce/bills/routes.js';
import { BillService } from './modules/commerce/bills/service.js';
import { registerOrderRoutes } from './modules/commerce/orders/routes.js';
import { registerAuthRoutes } from './modules/accounts/auth/routes.js';
import { AuthService } from './modules/accounts/auth/service.js';
import { registerTwoFactorRoutes, TwoFactorService } from './modules/accounts/two-factor/index.js';
import { OidcProviders, registerSsoRoutes, SsoService } from './modules/accounts/sso/index.js';
import { PasskeyService, registerPasskeyRoutes } from './modules/accounts/passkeys/index.js';
import { registerForgotRoutes } from './modules/accounts/forgot/routes.js';
import { registerMeRoutes } from './modules/accounts/me/routes.js';
import { registerNewsRoutes } from './modules/content/news/routes.js';
import { NewsService } from './modules/content/news/service.js';
import { registerContentRoutes } from './modules/content/routes.js';
import { registerNotifyRoutes } from './modules/platform/notify/routes.js';
import { registerNotifyMethodRoutes } from './modules/platform/notify-methods/routes.js';
import { registerProfileRoutes } from './modules/accounts/profile/routes.js';
import { startSimEditItem } from './modules/platform/queue/index.js';
import { registerQueueRoutes } from './modules/platform/queue/routes.js';
import { registerOperationRoutes } from './modules/platform/operations/routes.js';
import { registerSimToolRoutes } from './modules/sims/tools/routes.js';
import { registerCompanyRoutes } from './modules/accounts/companies/scope-routes.js';
import { registerCompanyPageRoutes } from './modules/accounts/companies/own/routes.js';
import { registerCompanyUserRoutes } from './modules/accounts/companies/own/users-routes.js';
import { registerApiTokenRoutes } from './modules/accounts/api-tokens/routes.js';
import { registerGroupRoutes } from './modules/sims/groups/routes.js';
import { registerReportRoutes } from './modules/sims/reports/routes.js';
import { registerAuditRoutes } from './modules/platform/audit/routes.js';
import { registerCompaniesAdminRoutes } from './modules/accounts/companies/admin/routes.js';
import { registerImpersonationRoutes } from './modules/accounts/impersonation/routes.js';
import { registerRegistrationRoutes } from './modules/accounts/registration/routes.js';
import { registerToolsRoutes } from './modules/platform/tools/routes.js';
import { registerGlobalUnblockRoutes } from './modules/platform/tools/global-unblock-routes.js';
import { registerNetworkSimulatorRoutes } from './modules/platform/network-simulator/routes.js';
import { registerRadiusRoutes } from './modules/network/radius/index.js';
import { registerNetworkStatusRoutes } from './modules/network/status/index.js';
import { registerSimDiagnosticsRoutes } from './modules/sims/diagnostics/index.js';
import { registerAlertRoutes } from './modules/sims/alerts/index.js';
import { registerSimEventRoutes } from './modules/sims/events/index.js';
import { registerSimEditRoutes } from './modules/sims/edit/index.js';
import { registerSimLabelRoutes } from './modules/sims/labels/index.js';
import { registerSimUsageRoutes } from './modules/sims/usage/index.js';
import { registerSimStockRoutes } from './modules/network/stock/routes.js';
import { registerCountryRuleRoutes } from './modules/sims/country-rules/routes.js';
import { registerRoamingRoutes } from './modules/sims/roaming/routes.js';
import { simulatorDefaults } from './network/simulator-settings.js';
import { createTelephonyAdapter } from './telephony/create-adapter.js';
import { registerDepositRoutes } from './modules/commerce/deposit/routes.js';
import { registerAgentRoutes } from './modules/commerce/agents/routes.js';
import { registerGeneratedReportRoutes } from './modules/platform/generated-reports/routes.js';
import { generationItemCancelled } from './modules/platform/generated-reports/service.js';
import { registerDashboardRoutes } from './modules/platform/dashboard/routes.js';
import { registerReportScheduleRoutes } from './modules/platform/report-schedules/index.js';
import { registerSimDetailRoutes, registerSimRoutes } from './modules/sims/list/routes.js';
import { registerSimMessageRoutes } from './modules/sims/messages/index.js';
import { createNetwork, type NetworkRuntime } from './network/create-adapter.js';
import { JOB_QUEUES } from './job-queues.js';
import type { HlrProvisionJob } from './jobs/hlr-jobs.js';
import type { Sealer } from './auth/sealing.js';
import { SSO_CALLBACK_PAGE } from '@cab/contract/sso';
import type { EventBus } from './realtime/bus.js';
import { RealtimeHub } from './realtime/hub.js';
import type { FileStore } from './storage/file-store.js';

export interface AppContext {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** Seals and opens SIM keys and NAS secrets (SIM_KEYS_SECRET). */
  sealer: Sealer;
  /** The network this process talks to (main.ts shares one with the worker); made here when absent. */
  network?: NetworkRuntime;
  jobs: PgBoss;
  bus: EventBus;
  /** Generated reports and uploaded attachments. */
  files: FileStore;
}

export interface BuiltApp {
  app: FastifyInstance;
  hub: RealtimeHub;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the API: plugins, authentication, every module's routes, websocket hub and the SPA. */
export async function buildApp({ config, database, jwtSecret, sealer, network: given, jobs, bus, files }: AppContext): Promise<BuiltApp> {
  const app = Fastify({
    // Errors are logged without their query's parameters (e-mails, session ids): log/loggable-error.ts.
    logger: { level: config.LOG_LEVEL, serializers: { err: loggableError } },
    trustProxy: config.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const db = database.db;
  const network = given ?? createNetwork({ config, db, sealer, log: (message) => app.log.warn(message) });
  if (!given) app.addHook('onClose', () => network.close());
  const tokens = new AccessTokens(jwtSecret);
  // Principals and company trees of requests, dropped on the database's word (auth/request-caches.ts).
  await registerRequestCaches(app, database);
  // Before authentication, so refusals (401, 403) carry them too.
  registerSecurityHeaders(app);
  // First, so its onRoute hook gives every route registered after it (all of them) its access rule.
  registerAuthentication(app, db, tokens, { apiTokenCallsPerMinute: config.API_TOKEN_RATE_LIMIT });
  registerInputGuard(app);
  // Before compression, so a kept answer is the handler's own text.
  registerIdempotency(app, db);
  await registerCompression(app);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'SIM cabinet API', version: '1.0.0' }, components: { securitySchemes: { bearer: BEARER_SCHEME } }, security: [{ bearer: [] }] },
    transform: jsonSchemaTransform,
    // Access, limits, Idempotency-Key and every error code with its status, from the code that decides them.
    transformObject: completeApiDocument,
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
  const passkeys = new PasskeyService({
    db,
    origin: config.PASSKEY_ORIGIN ?? publicUrl(config),
    attempts,
    mailer,
    warn: (message) => app.log.warn(message),
  });
  const twoFactor = new TwoFactorService({ db, sealer, attempts, passkeys });
  auth.useSecondFactor(twoFactor);
  registerAuthRoutes(app, auth, bus);
  registerTwoFactorRoutes(app, { twoFactor, auth });
  registerPasskeyRoutes(app, { passkeys, auth });
  registerSsoRoutes(
    app,
    new SsoService({
      db,
      sealer,
      auth,
      providers: new OidcProviders({ allowHosts: config.OUTBOUND_ALLOW_HOSTS }),
      redirectUri: `${publicUrl(config)}${SSO_CALLBACK_PAGE}`,
      warn: (message) => app.log.warn(message),
    }),
  );
  registerForgotRoutes(app, { db, bus, mailer }, publicUrl(config));
  registerRegistrationRoutes(app, { db, auth, mailer, telephony: createTelephonyAdapter(db, app.log), publicUrl: publicUrl(config) });
  registerToolsRoutes(app, db);
  registerMeRoutes(app, db);
  registerProfileRoutes(app, { db, bus, attempts });
  registerNewsRoutes(app, new NewsService(db, bus), { db, files });
  registerContentRoutes(app, { db, bus, jobs });
  registerNotifyRoutes(app, db);
  registerNotifyMethodRoutes(app, { db, jobs, retry: { retryLimit: config.NOTIFY_RETRY_LIMIT, retryDelaySeconds: config.NOTIFY_RETRY_DELAY_SECONDS }, allowHosts: config.OUTBOUND_ALLOW_HOSTS, deliver: { config, mailer } });
  const queueDeps = {
    db,
    bus,
    jobs,
    batchSize: config.QUEUE_BATCH_SIZE,
    maxParallelJobs: config.QUEUE_CONCURRENCY * 2,
    limits: { maxRunning: config.QUEUE_MAX_RUNNING_PER_COMPANY, maxSimsInFlight: config.QUEUE_MAX_SIMS_IN_FLIGHT_PER_COMPANY },
    generationItemCancelled,
  };
  registerQueueRoutes(app, queueDeps);
  registerGlobalUnblockRoutes(app, queueDeps);
  registerNetworkSimulatorRoutes(app, { db, bus, defaults: simulatorDefaults(config) });
  registerRadiusRoutes(app, { db, sealer });
  registerNetworkStatusRoutes(app, { db, jobs, network });
  registerSimStockRoutes(app, { db, sealer });
  registerCountryRuleRoutes(app, db);
  registerRoamingRoutes(app, { db, simulatorDefaults: simulatorDefaults(config) });
  registerOperationRoutes(app, queueDeps);
  registerSimToolRoutes(app, { db });
  registerSimRoutes(app, db);
  registerSimDetailRoutes(app, { db, bus, network: network.adapter });
  registerSimDiagnosticsRoutes(app, { db, network: network.adapter });
  registerAlertRoutes(app, db);
  registerSimEventRoutes(app, db);
  registerSimLabelRoutes(app, db);
  registerSimEditRoutes(app, { db, startItem: (principal, plan) => startSimEditItem(queueDeps, principal, plan) });
  registerSimUsageRoutes(app, { db });
  registerSimMessageRoutes(app, db);
  registerGroupRoutes(app, db);
  registerReportRoutes(app, db);
  registerCompanyRoutes(app, db);
  registerCompaniesAdminRoutes(app, { db, bus, mailer, publicUrl: publicUrl(config) });
  registerImpersonationRoutes(app, { db, bus, auth });
  registerAuditRoutes(app, db);
  registerDepositRoutes(app, { db, bus, jobs, graceHours: config.BILLING_GRACE_HOURS });
  registerCompanyPageRoutes(app, db);
  registerCompanyUserRoutes(app, { db, bus, mailer, loginUrl: `${publicUrl(config)}/login` });
  registerApiTokenRoutes(app, db);
  registerOrderRoutes(app, {
    db,
    bus,
    // Under a real HLR, a completed order's SIMs are provisioned there by the worker (job hlr-provision).
    onSimsIssued: network.hlr ? async (simIds) => void (await jobs.send(JOB_QUEUES.hlrProvision, { simIds } satisfies HlrProvisionJob)) : undefined,
  });
  registerBillRoutes(app, new BillService({ db, bus, jobs, graceHours: config.BILLING_GRACE_HOURS, minAmountEur: config.BILL_MIN_AMOUNT_EUR, agentRewardBp: Math.round(config.AGENT_REWARD_PERCENT * 100) }));
  registerAgentRoutes(app, {
    db,
    bus,
    files,
    defaultRateBp: Math.round(config.AGENT_REWARD_PERCENT * 100),
    minWithdrawalCents: Math.round(config.AGENT_WITHDRAWAL_MIN_EUR * 100),
  });
  registerGeneratedReportRoutes(app, {
    db,
    bus,
    jobs,
    files,
    ttlDays: config.GENERATED_REPORTS_TTL_DAYS,
    maxRunning: config.QUEUE_MAX_RUNNING_PER_COMPANY,
  });
  registerDashboardRoutes(app, db);
  registerReportScheduleRoutes(app, { db, jobs });
  hub.register(app);

  await registerSpa(app, config.WEB_DIST ?? defaultWebDist);
  return { app, hub };
}
