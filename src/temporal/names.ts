// Every Temporal name the project uses, in one place: workflows, the API, tests and the bootstrap read
// them from here so an id format can never drift between the starter and the code that finds it again.

export const workflowTypes = {
  secretRotation: 'secretRotationWorkflow',
  webhookDelivery: 'webhookDeliveryWorkflow',
} as const;

export function secretRotationWorkflowId(accountId: string): string {
  return `secret-rotation/${accountId}`;
}

export function webhookDeliveryWorkflowId(eventId: string): string {
  return `webhook-delivery/${eventId}`;
}
