import { webhookDeliveryWorkflowId } from '../../src/temporal/names';
import {
  deliveryEventIdOf,
  runningDeliveryWorkflowsQuery,
} from '../../src/temporal/running-delivery-workflows';

describe('deliveryEventIdOf', () => {
  it('reads the event id back from the id every delivery workflow is started under', () => {
    for (const eventId of ['evt_1_1', 'evt_123456789_2', 'evt_test_AbC-d_9'])
      expect(deliveryEventIdOf(webhookDeliveryWorkflowId(eventId))).toBe(eventId);
  });

  it('reads the event id of a later run of the same event (a redelivery)', () => {
    expect(deliveryEventIdOf('webhook-delivery/evt_42_1/redelivery-1')).toBe('evt_42_1');
  });

  it.each([
    ['another workflow', 'secret-rotation/acc_1'],
    ['the change check', 'change-check-2026-01-01T00:00:00Z'],
    ['no event id', 'webhook-delivery/'],
    ['an empty event id before a suffix', 'webhook-delivery//redelivery-1'],
    ['a prefix in the wrong case', 'Webhook-Delivery/evt_1_1'],
    ['the prefix not at the start', 'x/webhook-delivery/evt_1_1'],
    ['an empty id', ''],
  ])('is undefined for %s', (_, workflowId) => {
    expect(deliveryEventIdOf(workflowId)).toBeUndefined();
  });
});

describe('runningDeliveryWorkflowsQuery', () => {
  it('asks visibility for running delivery workflows only', () => {
    expect(runningDeliveryWorkflowsQuery).toBe(
      "WorkflowType = 'webhookDeliveryWorkflow' AND ExecutionStatus = 'Running'",
    );
  });
});
