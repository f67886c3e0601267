import { describe, expect, it } from 'vitest';
import { REQUESTS_LIST_URL, toRequestsListRequest } from './requests-list-state';

describe('the withdrawal requests list in the URL', () => {
  it('reads the filter and the one-based page, dropping what is malformed', () => {
    const state = REQUESTS_LIST_URL.parse(new URLSearchParams('state=paid&ragent=7&agent=3&from=2026-11-01&to=bad&pageIndex=2'));
    expect(state).toEqual({ state: 'paid', agent: 7, panel: 3, from: '2026-11-01', to: '', pageIndex: 2 });
    expect(REQUESTS_LIST_URL.parse(new URLSearchParams('state=nope&pageIndex=0'))).toMatchObject({ state: null, pageIndex: 1 });
  });

  it('keeps the agent panel root has open when the list is written back', () => {
    const state = REQUESTS_LIST_URL.parse(new URLSearchParams('agent=3'));
    expect(REQUESTS_LIST_URL.write({ ...state, state: 'declined' }).toString()).toBe('state=declined&agent=3');
  });

  it('asks the API for whole UTC days, and filters by agent only for root outside a panel', () => {
    const state = REQUESTS_LIST_URL.parse(new URLSearchParams('ragent=7&from=2026-11-01&to=2026-11-01&pageIndex=3'));
    const from = Date.UTC(2026, 10, 1) / 1000;
    expect(toRequestsListRequest(state, true, undefined)).toEqual({ page: 2, size: 10, filter: { agent: 7, from, to: from + 86_400 } });
    expect(toRequestsListRequest(state, false, undefined).filter).not.toHaveProperty('agent');
    expect(toRequestsListRequest(state, true, 9).filter).toMatchObject({ agent: 9 });
  });
});
