/**
 * The names of the job queues (pg-boss). Apart from jobs/boss.ts, which creates them, so that modules
 * that send jobs do not import the job wiring that imports them back.
 */
export const JOB_QUEUES = {
  queueBatch: 'queue-batch',
  networkActivity: 'network-activity',
  billingCycle: 'billing-cycle',
  usageHousekeeping: 'usage-housekeeping',
  simEventsRetention: 'sim-events-retention',
  alertSilence: 'alert-silence',
  reportGenerate: 'report-generate',
  reportSchedules: 'report-schedules',
  hlrReconcile: 'hlr-reconcile',
  hlrProvision: 'hlr-provision',
} as const;
