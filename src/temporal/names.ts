// Every Temporal name the project uses, in one place: workflows, the API, tests and the bootstrap read
// them from here so an id format can never drift between the starter and the code that finds it again.

export const workflowTypes = {
  secretRotation: 'secretRotationWorkflow',
  webhookDelivery: 'webhookDeliveryWorkflow',
  changeCheck: 'changeCheckWorkflow',
  sanctionsRefresh: 'sanctionsRefreshWorkflow',
  companiesHouseStream: 'companiesHouseStreamWorkflow',
  liveAccounts: 'liveAccountsWorkflow',
} as const;

/** The Schedule that runs the change check; its runs get this id plus the scheduled time. */
export const CHANGE_CHECK_SCHEDULE_ID = 'change-check';

/** The Schedule that refreshes the UK Sanctions List daily; its runs get this id plus the scheduled time. */
export const SANCTIONS_REFRESH_SCHEDULE_ID = 'sanctions-refresh';

export function secretRotationWorkflowId(accountId: string): string {
  return `secret-rotation/${accountId}`;
}

export function webhookDeliveryWorkflowId(eventId: string): string {
  return `webhook-delivery/${eventId}`;
}

/** One long-lived workflow per Companies House stream. */
export function companiesHouseStreamWorkflowId(stream: string): string {
  return `companies-house-stream/${stream}`;
}

/** One per accounts filing: a filing seen twice (the stream repeats events) is fetched once. */
export function liveAccountsWorkflowId(companyNumber: string, transactionId: string): string {
  return `companies-house-accounts/${companyNumber}/${transactionId}`;
}
