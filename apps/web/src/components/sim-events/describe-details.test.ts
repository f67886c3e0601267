import { describe, expect, it } from 'vitest';
import type { SimEvent } from '@cab/contract/sim-events';
import { describeEventDetails } from './describe-details';

const t = (key: string, values?: Record<string, string | number>) => `${key}${values ? JSON.stringify(values) : ''}`;
const event = (over: Partial<SimEvent>): SimEvent => ({ id: 1, sim: 2, iccid: '897', type: 'attach', at: 0, actor: { kind: 'network', label: null }, details: {}, ...over });

describe('describeEventDetails', () => {
  it('names a block by its block type and traffic in MB, and skips internal ids', () => {
    expect(describeEventDetails(event({ type: 'block', details: { block_type: 'msu', operation: 'queue_block' } }), t, 'en')).toBe(
      'simEvents.detail.block_type{"value":"sims.blockTypes.msu"}',
    );
    expect(describeEventDetails(event({ type: 'session_stop', details: { session: 'k', bytes_up: 1_048_576, bytes_down: 3_670_016 } }), t, 'en')).toBe(
      'simEvents.detail.traffic{"up":"1","down":"3.5"}',
    );
    expect(describeEventDetails(event({ type: 'session_stop', details: { bytes_up: 1_572_864, bytes_down: 0 } }), t, 'ru')).toBe(
      'simEvents.detail.traffic{"up":"1,5","down":"0"}',
    );
  });

  it('lists a network change with what it was, and leaves empty values out', () => {
    const text = describeEventDetails(event({ type: 'network_change', details: { operator: '262-01', country: 'DE', previous_operator: '250-01', previous_country: null, imei: '' } }), t, 'en');
    expect(text).toBe('simEvents.detail.operator{"value":"Telekom Deutschland"}, simEvents.detail.country{"value":"DE"}, simEvents.detail.previous_operator{"value":"MTS"}');
    expect(describeEventDetails(event({ type: 'network_change', details: { operator: '999-99' } }), t, 'en')).toBe('simEvents.detail.operator{"value":"999-99"}');
    expect(describeEventDetails(event({}), t, 'en')).toBe('');
  });
});
