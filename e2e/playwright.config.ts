import { defineConfig } from '@playwright/test';
import { e2ePort as port, smtpPort } from './support/mail-paths.js';

const dataDir = `/tmp/sim-cabinet-e2e-${port}`;

/** Browser flows against the real built app, in Debian's chromium (never a downloaded browser). */
export default defineConfig({
  testDir: './tests',
  // Per app port: the test command runs shards of the flows side by side.
  outputDir: `test-results/${port}`,
  // Three shards, their apps and the server suites share two cores in the test command: agents.spec's
  // three flows took 50 s together in a measured run, yet one of them alone passed 60 s at load 20.
  timeout: 120_000,
  // As for the test timeout: a page that draws in a second alone took over 10 s at load 20.
  expect: { timeout: 20_000 },
  // One browser per run; the test command runs several runs side by side (each its own app).
  fullyParallel: false,
  workers: 1,
  // The test command retries a failed flow once (E2E_RETRIES=1) and names every flow that passed only
  // on its retry in its summary; a flow run by hand is not retried.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  // A real SMTP sink the app mails to (SMTP_URL below); tests read what it received.
  globalSetup: './support/smtp-sink.ts',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    // A fresh embedded database with the demo seed, like a newcomer's first `npm start`.
    command: `rm -rf ${dataDir} && node ../apps/server/dist/main.js`,
    url: `http://127.0.0.1:${port}/api/openapi.json`,
    // E2E_REUSE_SERVER=1 runs the flows against an app already listening on E2E_PORT, started by hand
    // with the same env: to profile it (node --cpu-prof) or watch its output while the flows run.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: 'demo',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The webhook flow's receiver listens on loopback, which the outbound guard refuses unless allow-listed.
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A passkey's site must be a domain name, never an IP address: the passkey flow runs on localhost.
      PASSKEY_ORIGIN: `http://localhost:${port}`,
      // Deterministic simulated network for the SIM flows: no random failures (results, SIM page network
      // card), no background activity (random MSU blocks, sim_update refetches), frequent progress events.
      NETWORK_FAILURE_RATE: '0',
      NETWORK_ACTIVITY_SIMS: '0',
      QUEUE_PROGRESS_INTERVAL_MS: '200',
      // A prepay company at or below zero is blocked at once (deposit and empty-balance flows).
      BILLING_GRACE_HOURS: '0',
      // Balances are checked to the cent: the hourly billing run must not charge in the middle of a run.
      BILLING_CRON: 'off',
    },
  },
});
