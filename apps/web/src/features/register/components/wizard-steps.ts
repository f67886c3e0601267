import { REGISTER_STEPS, firstOpenStep, type RegisterStatus } from '@cab/contract/registration';

export const LAST_STEP = REGISTER_STEPS.length;

/** The URL's 1-based `step`, clamped to the wizard's range. */
export function requestedStep(raw: string | null): number {
  const value = Math.trunc(Number(raw ?? '1'));
  return Number.isFinite(value) ? Math.min(Math.max(value, 1), LAST_STEP) : 1;
}

/**
 * Which step to show: without a session only Welcome; with one, never past the first step whose data
 * is missing (a reload or the 424 redirect to step 2 resumes there, earlier steps stay reviewable).
 */
export function allowedStep(requested: number, status: RegisterStatus | undefined): number {
  if (!status) return 1;
  if (status.registration_complete) return LAST_STEP;
  return Math.min(requested, REGISTER_STEPS.indexOf(firstOpenStep(status)) + 1);
}
