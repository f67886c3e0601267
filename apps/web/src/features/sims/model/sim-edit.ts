import { z } from 'zod';
import type { SimDetail, SimUpdateRequest } from '@cab/contract/sims';

/** The editable fields of a SIM as typed (strings); messages are i18n keys under `sim.errors`. */
export const simEditSchema = z.object({
  name: z.string().trim().max(100, { error: 'nameTooLong' }),
  msu: z
    .string()
    .trim()
    .regex(/^(\d{1,6}([.,]\d{1,2})?)?$/, { error: 'msuInvalid' })
    .refine((value) => value === '' || Number(value.replace(',', '.')) <= 100_000, { error: 'msuRange' }),
  external_id: z.string().trim().max(100, { error: 'externalIdTooLong' }),
});
export type SimEditValues = z.infer<typeof simEditSchema>;

export function simEditValues(sim: SimDetail): SimEditValues {
  return { name: sim.name ?? '', msu: sim.msu === null ? '' : String(sim.msu), external_id: sim.external_id ?? '' };
}

/** Empty fields clear the value (null); MSU accepts a decimal comma as typed in Russian. */
export function simUpdateRequest(id: number, values: SimEditValues): SimUpdateRequest {
  const msu = values.msu.trim();
  return {
    id,
    name: values.name.trim() || null,
    msu: msu === '' ? null : Number(msu.replace(',', '.')),
    external_id: values.external_id.trim() || null,
  };
}
