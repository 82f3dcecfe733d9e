// Every Temporal name the project uses, in one place: workflows, the API, tests and the bootstrap read
// them from here so an id format can never drift between the starter and the code that finds it again.

export const workflowTypes = {
  secretRotation: 'secretRotationWorkflow',
  webhookDelivery: 'webhookDeliveryWorkflow',
  changeCheck: 'changeCheckWorkflow',
  sanctionsRefresh: 'sanctionsRefreshWorkflow',
  companiesHouseStream: 'companiesHouseStreamWorkflow',
  liveAccounts: 'liveAccountsWorkflow',
  webhookRecovery: 'webhookRecoveryWorkflow',
  ongoingScreening: 'ongoingScreeningWorkflow',
} as const;

/** The Schedule that runs the change check; its runs get this id plus the scheduled time. */
export const CHANGE_CHECK_SCHEDULE_ID = 'change-check';

/** The Schedule that refreshes the UK Sanctions List daily; its runs get this id plus the scheduled time. */
export const SANCTIONS_REFRESH_SCHEDULE_ID = 'sanctions-refresh';

/**
 * Each list's own daily Schedule. The UK's keeps the id it had before there were other lists, so an existing
 * install updates its Schedule (and keeps its history) instead of gaining a second one beside the old.
 */
export function sanctionsRefreshScheduleId(list: string): string {
  return list === 'uk' ? SANCTIONS_REFRESH_SCHEDULE_ID : `${SANCTIONS_REFRESH_SCHEDULE_ID}-${list}`;
}

export function secretRotationWorkflowId(accountId: string): string {
  return `secret-rotation/${accountId}`;
}

export function webhookDeliveryWorkflowId(eventId: string): string {
  return `webhook-delivery/${eventId}`;
}

/**
 * The n-th send of a delivery again on request. A new id each time: the delivery's own id is spent
 * (REJECT_DUPLICATE), and each redelivery is its own execution to find in the Web UI.
 */
export function webhookRedeliveryWorkflowId(eventId: string, redelivery: number): string {
  return `${webhookDeliveryWorkflowId(eventId)}/redelivery-${redelivery}`;
}

/** Which redelivery a delivery workflow id runs: n for `…/redelivery-<n>`, 0 for the delivery's own run. */
export function redeliveryNumberOf(workflowId: string): number {
  const match = /\/redelivery-(\d+)$/.exec(workflowId);
  return match ? Number(match[1]) : 0;
}

/** One per recover call: the parent of the redeliveries it starts, so the batch is one thing in the Web UI. */
export function webhookRecoveryWorkflowId(accountId: string, recoveryId: string): string {
  return `webhook-recovery/${accountId}/${recoveryId}`;
}

/** One long-lived workflow per Companies House stream. */
export function companiesHouseStreamWorkflowId(stream: string): string {
  return `companies-house-stream/${stream}`;
}

/** One per accounts filing: a filing seen twice (the stream repeats events) is fetched once. */
export function liveAccountsWorkflowId(companyNumber: string, transactionId: string): string {
  return `companies-house-accounts/${companyNumber}/${transactionId}`;
}

/**
 * One per sanctions list version: a version is re-screened once, however often its import is reported. The
 * import time is part of it because version ids restart with a new database while the namespace keeps its ids
 * (a reused id would be refused, and the new version never re-screened).
 */
export function ongoingScreeningWorkflowId(versionId: number, importedAt: string): string {
  return `ongoing-screening/${versionId}/${importedAt}`;
}
