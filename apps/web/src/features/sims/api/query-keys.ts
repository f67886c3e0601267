/**
 * The sims feature's query keys. Every one starts with SIMS_KEY, so a `sim_update` event (app/realtime)
 * refreshes lists, SIM pages and a SIM's operation history alike.
 */
export const SIMS_KEY = ['sims'] as const;
export const SIM_LIST_KEY = [...SIMS_KEY, 'list'] as const;
export const simOperationsKey = (simId: number) => [...SIMS_KEY, 'operations', simId] as const;
