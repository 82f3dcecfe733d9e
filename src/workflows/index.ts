// The workflow bundle's entry point: every workflow the worker runs is exported here.
export { secretRotationWorkflow } from './secret-rotation';
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { changeCheckWorkflow } from './change-check';
export { sanctionsRefreshWorkflow } from './sanctions-refresh';
export { companiesHouseStreamWorkflow } from './companies-house-stream';
export { liveAccountsWorkflow } from './live-accounts';
export { webhookRecoveryWorkflow } from './webhook-recovery';
export { ongoingScreeningWorkflow } from './ongoing-screening';
