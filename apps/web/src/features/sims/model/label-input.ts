import { SIM_LABEL_MAX_LENGTH, SIM_LABEL_PATTERN } from '@cab/contract/constants';

export type LabelProblem = 'empty' | 'tooLong' | 'characters' | 'duplicate';

/** What is wrong with a label typed into the editor (the server says the same), or null with the label to send. */
export function checkLabel(typed: string, current: readonly string[]): { label: string; problem: LabelProblem | null } {
  const label = typed.trim();
  if (!label) return { label, problem: 'empty' };
  if (label.length > SIM_LABEL_MAX_LENGTH) return { label, problem: 'tooLong' };
  if (!SIM_LABEL_PATTERN.test(label)) return { label, problem: 'characters' };
  if (current.includes(label)) return { label, problem: 'duplicate' };
  return { label, problem: null };
}
