// Every Temporal name the project uses, in one place: workflows, the API, tests and the bootstrap read
// them from here so an id format can never drift between the starter and the code that finds it again.

export const workflowTypes = {
  secretRotation: 'secretRotationWorkflow',
  webhookDelivery: 'webhookDeliveryWorkflow',
  changeCheck: 'changeCheckWorkflow',
} as const;

/** The Schedule that runs the change check; its runs get this id plus the scheduled time. */
export const CHANGE_CHECK_SCHEDULE_ID = 'change-check';

export function secretRotationWorkflowId(accountId: string): string {
  return `secret-rotation/${accountId}`;
}

export function webhookDeliveryWorkflowId(eventId: string): string {
  return `webhook-delivery/${eventId}`;
}
