import { describe, expect, it } from 'vitest';
import { REPORT_PAGE_SIZE } from '@cab/contract/reports';
import { REPORT_URL, reportProblem, toReportRequest } from './report-state';

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

  it("starts at the user's own company without writing it; 'none' and another company are kept in the link", () => {
    const fresh = REPORT_URL.day.parse(new URLSearchParams('from=2026-11-01&to=2026-11-30'));
    expect(fresh.company).toBeNull();
    expect(REPORT_URL.day.write(fresh).toString()).toBe('from=2026-11-01&to=2026-11-30');
    expect(toReportRequest('day', fresh, null, 7).filter).toEqual({ company: [7] });
    expect(reportProblem(fresh, null, 7)).toBeNull();
    // An agent has no own company to report on: nothing is named until it picks one.
    expect(reportProblem(fresh, null, null)).toBe('empty');

    const none = REPORT_URL.day.parse(new URLSearchParams('company=none&query=8970'));
    expect(none.company).toBe('none');
    expect(REPORT_URL.day.write(none).toString()).toBe('query=8970&company=none');
    expect(toReportRequest('day', none, null, 7).filter).toEqual({ query: '8970' });
    expect(reportProblem({ ...none, query: '' }, null, 7)).toBe('empty');

    const child = REPORT_URL.sessions.parse(new URLSearchParams('company=12'));
    expect(toReportRequest('sessions', child, null, 7).filter).toEqual({ company: [12] });
  });

  it('pages the day report by 50 by default, so 30 or 31 days fit one page', () => {
    expect(REPORT_URL.day.parse(new URLSearchParams()).size).toBe(50);
    expect(REPORT_URL.sessions.parse(new URLSearchParams()).size).toBe(REPORT_PAGE_SIZE);
    expect(REPORT_URL.day.write({ ...REPORT_URL.day.parse(new URLSearchParams()), size: 25 }).toString()).toBe('pageSize=25');
  });
});
