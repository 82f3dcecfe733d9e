import { runChangeCheckStep } from '../../src/domain/changes/change-check';
import type { ChangeDraft } from '../../src/domain/changes/company-changes';
import { appendChanges } from '../../src/domain/changes/register-change-log';
import type { TestApp } from './test-app';

/**
 * A proposal to strike off ACORN LEAF CONSULTING LTD (09876543, in the sample register CSV): a `gazette_notice`,
 * severity critical, as the simulator records it.
 */
export const strikeOffProposal: ChangeDraft = {
  companyNumber: '09876543',
  change: 'updated',
  field: 'company_status',
  alertType: 'gazette_notice',
  oldValue: { status: 'active', detail: null },
  newValue: { status: 'active', detail: 'active-proposal-to-strike-off' },
};

/**
 * The changes recorded by the simulator at `now`, then one step of the change check a second later, as its
 * activity runs it (alerts and their deliveries written, none started): the event ids of the new deliveries.
 */
export async function checkSimulatedChanges(
  app: TestApp,
  drafts: readonly ChangeDraft[],
  now = new Date(),
): Promise<string[]> {
  await app.services.orm.em.fork().transactional((em) => appendChanges(em, drafts, 'simulator', now));
  const step = await runChangeCheckStep(app.services.orm.em.fork(), {
    now: new Date(now.getTime() + 1000),
    publicBaseUrl: 'https://api.example.test',
  });
  return step.deliveryEventIds;
}
