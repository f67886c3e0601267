import { describe, expect, it } from 'vitest';
import { AUDIT_URL, auditExportQuery, auditFilterProblem, describeUserAgent, toAuditFilter } from './audit-filter';

const parse = (query: string) => AUDIT_URL.parse(new URLSearchParams(query));

describe('the audit log filter', () => {
  it('reads the URL, dropping what is malformed, and asks only what is set', () => {
    const state = parse('user=7&action=login_failed&from=2026-11-01&to=bad');
    expect(toAuditFilter(state)).toEqual({ user: 7, action: 'login_failed', from: '2026-11-01' });
    expect(toAuditFilter(parse('user=x&action=drop_table'))).toEqual({});
  });

  it('says what is wrong with the dates before asking', () => {
    expect(auditFilterProblem(parse('from=2026-02-01&to=2026-01-01'))).toBe('range_order');
    expect(auditFilterProblem(parse('from=2025-01-01&to=2026-01-01'))).toBeNull();
    expect(auditFilterProblem(parse('from=2024-01-01&to=2026-01-01'))).toBe('range_long');
  });

  it('gives the export the same filter', () => {
    expect(Object.fromEntries(new URLSearchParams(auditExportQuery({ user: 3, action: 'login' }, 'xlsx')))).toEqual({ user: '3', action: 'login', format: 'xlsx' });
  });

  it('names a browser as a person would and keeps other clients’ first word', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toBe('Chrome 156 · Windows');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/156.0 Safari/537.36 Edg/156.0')).toBe('Edge 156 · Windows');
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari 18 · iOS');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
    expect(describeUserAgent(null)).toBeNull();
  });
});
