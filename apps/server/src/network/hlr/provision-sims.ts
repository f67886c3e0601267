import { mapLimited } from './hlr-outcomes.js';
import type { SubscriberProvisioning, SubscriberRecords } from './provisioning.js';

const SIMS_AT_ONCE = 64;
const CHUNK = 500;

/** Puts newly allocated SIMs into the HLR (create, MSISDN, keys, access on); counts what failed. */
export async function provisionSims(
  deps: { provisioning: SubscriberProvisioning; records: SubscriberRecords },
  simIds: number[],
): Promise<{ provisioned: number; failed: number }> {
  let provisioned = 0;
  let failed = 0;
  for (let start = 0; start < simIds.length; start += CHUNK) {
    const records = await deps.records(simIds.slice(start, start + CHUNK));
    const results = await mapLimited(records, SIMS_AT_ONCE, (record) =>
      deps.provisioning.provision(record, { blocked: false }).then(
        () => true,
        () => false,
      ),
    );
    provisioned += results.filter(Boolean).length;
    failed += results.length - results.filter(Boolean).length;
  }
  return { provisioned, failed };
}
