import { z } from 'zod';
import { read } from './endpoint.js';
import { SimGetRequest } from './sims.js';

/**
 * "Why is this SIM not connecting?" (issue 25.3): the checks the SIM page's diagnostics panel runs, in
 * the order they are explained. Each answers ok, a problem (with what to do), or unknown (the source
 * could not be asked, e.g. the HLR is away).
 */
export const DIAGNOSIS_CHECKS = [
  'block',
  'hlr_access',
  'company_blocked',
  'balance',
  'limit',
  'msu',
  'package',
  'country_rule',
  'roaming_pending',
  'last_seen',
  'last_failure',
] as const;
export type DiagnosisCheckName = (typeof DIAGNOSIS_CHECKS)[number];

export const DIAGNOSIS_VERDICTS = ['ok', 'problem', 'unknown'] as const;

export const DiagnosisCheck = z.object({
  check: z.enum(DIAGNOSIS_CHECKS),
  verdict: z.enum(DIAGNOSIS_VERDICTS),
  /** Values the check's sentence names (a block type, megabytes, a country, a time in unix seconds). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type DiagnosisCheck = z.infer<typeof DiagnosisCheck>;

export const SimDiagnosis = z.object({
  id: z.number().int(),
  checks: z.array(DiagnosisCheck),
  /** How many checks found a problem: 0 means nothing in the cabinet stops the SIM. */
  problems: z.number().int(),
});
export type SimDiagnosis = z.infer<typeof SimDiagnosis>;

export const SIM_DIAGNOSTICS_API = {
  diagnose: read('/api/sims/diagnose', { body: SimGetRequest, result: SimDiagnosis, access: 'sims.read' }),
} as const;
