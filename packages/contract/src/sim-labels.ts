import { z } from 'zod';
import { Id } from './common.js';
import { SIM_LABEL_MAX_LENGTH, SIM_LABEL_PATTERN } from './constants.js';
import { action, read } from './endpoint.js';

export const SimLabel = z
  .string()
  .trim()
  .min(1)
  .max(SIM_LABEL_MAX_LENGTH)
  .regex(SIM_LABEL_PATTERN)
  .describe('Letters, digits, space and . _ : / # + -, starting with a letter or digit');

export const SimLabelChange = z.strictObject({ id: Id, label: SimLabel });
export const SimLabelsResult = z.object({ id: Id, labels: z.array(z.string()) });
export type SimLabelsResult = z.infer<typeof SimLabelsResult>;

export const CompanyLabelsRequest = z.strictObject({ company: Id.optional() }).nullish();
export const CompanyLabelsResult = z.object({ items: z.array(z.string()) });
export type CompanyLabelsResult = z.infer<typeof CompanyLabelsResult>;

export const SIM_LABELS_API = {
  /** Adds a label to one SIM; adding one it has already changes nothing. */
  add: action('/api/sims/labels/add', { body: SimLabelChange, result: SimLabelsResult, access: 'sims.operate', writable: true }),
  /** Removes a label from one SIM; removing one it does not have changes nothing. */
  remove: action('/api/sims/labels/remove', { body: SimLabelChange, result: SimLabelsResult, access: 'sims.operate', writable: true }),
  /** The labels in use in the principal's company (root: in `company`), in order. */
  list: read('/api/sims/labels/list', { body: CompanyLabelsRequest, result: CompanyLabelsResult, access: 'sims.read' }),
} as const;
