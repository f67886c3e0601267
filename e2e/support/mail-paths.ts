/** The SMTP sink of this e2e run: a port derived from E2E_PORT, so parallel runs on other ports don't meet. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const smtpPort = e2ePort + 20000;
/** One JSON file per received mail. */
export const mailDir = `/tmp/sim-cabinet-e2e-mail-${e2ePort}`;
