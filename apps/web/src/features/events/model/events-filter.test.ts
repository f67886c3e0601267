import { describe, expect, it } from 'vitest';
import { EVENTS_URL, eventsFilterProblem, toEventsFilter } from './events-filter';

const parse = (query: string) => EVENTS_URL.parse(new URLSearchParams(query));

describe('events filter', () => {
  it('asks only what is set, the last day whole', () => {
    expect(toEventsFilter(parse(''))).toEqual({});
    expect(toEventsFilter(parse('sim=8970&group=4&label=gps&type=block&from=2026-11-01&to=2026-11-02'))).toEqual({
      iccid: '8970',
      group: 4,
      label: 'gps',
      types: ['block'],
      from: Date.UTC(2026, 10, 1) / 1000,
      to: Date.UTC(2026, 10, 3) / 1000,
    });
  });

  it('ignores what the URL cannot mean and names what the form must fix', () => {
    expect(toEventsFilter(parse('sim=abc&type=boom&from=yesterday'))).toEqual({});
    expect(eventsFilterProblem(parse('label=a,b'))).toBe('label');
    expect(eventsFilterProblem(parse('from=2026-11-05&to=2026-11-01'))).toBe('range_order');
    expect(eventsFilterProblem(parse('label=gps'))).toBeNull();
  });
});
