/**
 * The public face of sims/alerts (issue 25.4): rules on a SIM, label, group or company that notify
 * and block. The network sink calls `evaluateAlerts(tx, feed)` inside its transaction for the SIMs
 * of its batch; the daily job calls `checkSilentSims`.
 */
export { evaluateAlerts, type AlertFeed } from './evaluate.js';
export { forgetAllCompanyRules } from './rules-cache.js';
export { registerAlertRoutes } from './routes.js';
export { checkSilentSims } from './silence.js';
