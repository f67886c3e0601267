import { describe, expect, it } from 'vitest';
import { REPORT_PAGE_SIZE } from '@cab/contract/reports';
import { REPORT_URL } from './report-state';

describe("a report's state in the URL", () => {
  it("uses the lists' names for page and order, and writes the order with its column", () => {
    const params = new URLSearchParams('pageIndex=3&pageSize=50&sortColumn=bytes&sortType=asc&from=2026-11-01');
    const state = REPORT_URL.sessions.parse(params);
    expect(state).toMatchObject({ page: 3, size: 50, sort: 'bytes', dir: 'asc', from: '2026-11-01' });
    expect(REPORT_URL.sessions.write(state).toString()).toBe('from=2026-11-01&pageIndex=3&pageSize=50&sortColumn=bytes&sortType=asc');
    expect(REPORT_URL.sessions.write({ ...state, sort: null }).toString()).toBe('from=2026-11-01&pageIndex=3&pageSize=50');
  });

  it('drops what is malformed or belongs to another kind of report', () => {
    const params = new URLSearchParams('pageIndex=0&pageSize=100000&sortColumn=nope&from=2026-13-40&by_sim=1&type=sms');
    expect(REPORT_URL.sessions.parse(params)).toMatchObject({ page: 1, size: REPORT_PAGE_SIZE, sort: null, dir: 'desc', from: null, bySim: false, type: null });
    expect(REPORT_URL.day.parse(params)).toMatchObject({ bySim: true, type: null });
    expect(REPORT_URL.call_sms.parse(params)).toMatchObject({ bySim: false, type: 'sms' });
  });
});
