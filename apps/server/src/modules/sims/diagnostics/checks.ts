import type { DiagnosisCheck } from '@cab/contract/sim-diagnostics';
import type { CountryWarning } from '@cab/contract/sim-rules';
import type { NetworkState } from '../../../network/adapter.js';
import type { SimFacts } from './repository.js';

/** Not seen for longer than this, a SIM's device is worth a look (power, antenna, coverage). */
const SILENT_AFTER_HOURS = 24;
/** An operation that failed longer ago than this no longer explains today. */
const RECENT_FAILURE_DAYS = 7;

const seconds = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null);
const ok = (check: DiagnosisCheck['check'], params: DiagnosisCheck['params'] = {}): DiagnosisCheck => ({ check, verdict: 'ok', params });
const problem = (check: DiagnosisCheck['check'], params: DiagnosisCheck['params'] = {}): DiagnosisCheck => ({ check, verdict: 'problem', params });

/**
 * Explains, in the order a support engineer would ask, what in the cabinet and the network can keep
 * a SIM from connecting. `state` is null when the network could not be asked; its `hlr` is absent
 * under the simulator (no HLR check then) and null when the HLR did not answer.
 */
export function explainSim(facts: SimFacts, state: NetworkState | null, warning: CountryWarning | undefined, now: Date): DiagnosisCheck[] {
  const blocked = facts.blockType !== 'none';
  const checks: DiagnosisCheck[] = [
    blocked ? problem('block', { type: facts.blockType, reason: facts.blockReason }) : ok('block'),
  ];
  if (state && state.hlr !== undefined) checks.push(hlrCheck(state.hlr, blocked));
  checks.push(facts.companyBlocked ? problem('company_blocked') : ok('company_blocked'));
  checks.push(facts.balanceProblem ? problem('balance') : ok('balance'));
  const usedMb = Math.round((facts.monthBytes / 1_048_576) * 10) / 10;
  if (facts.limitMb !== null) {
    checks.push(usedMb >= facts.limitMb ? problem('limit', { used: usedMb, limit: facts.limitMb }) : ok('limit', { used: usedMb, limit: facts.limitMb }));
  }
  if (facts.msuCents !== null) {
    const spend = facts.monthSpendCents / 100;
    const cap = facts.msuCents / 100;
    checks.push(facts.monthSpendCents >= facts.msuCents ? problem('msu', { spend, cap }) : ok('msu', { spend, cap }));
  }
  if (facts.blockType === 'package_expiry') checks.push(problem('package', { package: facts.package }));
  else if (facts.package) checks.push(ok('package', { package: facts.package }));
  checks.push(warning ? problem('country_rule', { country: warning.country, from: warning.from }) : ok('country_rule'));
  if (facts.roamingPending) checks.push(problem('roaming_pending', { mode: facts.roamingPending.mode, deadline: seconds(facts.roamingPending.deadlineAt) }));
  checks.push(lastSeenCheck(state, now));
  const failure = facts.lastFailure;
  const recent = failure && now.getTime() - failure.at.getTime() <= RECENT_FAILURE_DAYS * 86_400_000;
  checks.push(recent ? problem('last_failure', { reason: failure.reason, operation: failure.operation, at: seconds(failure.at) }) : ok('last_failure'));
  return checks;
}

function hlrCheck(hlr: NetworkState['hlr'], blocked: boolean): DiagnosisCheck {
  if (!hlr) return { check: 'hlr_access', verdict: 'unknown', params: {} };
  if (!hlr.provisioned) return problem('hlr_access', { state: 'missing' });
  const params = { data: hlr.psEnabled ? 'on' : 'off', voice: hlr.csEnabled ? 'on' : 'off' };
  // A blocked SIM has its access off on purpose; an open one with access off is what stops it.
  if (!blocked && (!hlr.psEnabled || !hlr.csEnabled)) return problem('hlr_access', { state: 'off', ...params });
  return ok('hlr_access', params);
}

function lastSeenCheck(state: NetworkState | null, now: Date): DiagnosisCheck {
  if (!state) return { check: 'last_seen', verdict: 'unknown', params: {} };
  if (state.online) return ok('last_seen', { online: 'yes', since: seconds(state.sessionStartedAt) });
  if (!state.lastSeenAt) return problem('last_seen', { never: 'yes' });
  const hours = (now.getTime() - state.lastSeenAt.getTime()) / 3_600_000;
  const params = { at: seconds(state.lastSeenAt) };
  return hours > SILENT_AFTER_HOURS ? problem('last_seen', params) : ok('last_seen', params);
}
