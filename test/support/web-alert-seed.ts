import { runChangeCheckStep } from '../../src/domain/changes/change-check';
import type { ChangeDraft } from '../../src/domain/changes/company-changes';
import { appendChanges } from '../../src/domain/changes/register-change-log';
import type { TestApp } from './test-app';

/**
 * Register changes as the simulator writes them, then one step of the change check: each monitored company's
 * change becomes an alert, and one with a webhook address a pending delivery (whose workflow the caller starts,
 * if it wants it sent). As test/integration/watchlist-alerts.test.ts seeds alerts.
 */
export async function seedAlerts(
  app: TestApp,
  drafts: ChangeDraft[],
  detectedAt = new Date(),
): Promise<void> {
  await app.services.orm.em.fork().transactional((em) => appendChanges(em, drafts, 'simulator', detectedAt));
  await runChangeCheckStep(app.services.orm.em.fork(), {
    now: new Date(),
    publicBaseUrl: app.config.PUBLIC_BASE_URL,
  });
}

/** A status change of one company, the most common alert (critical when it leaves `active`). */
export function statusChange(companyNumber: string, to: string): ChangeDraft {
  return {
    companyNumber,
    change: 'updated',
    field: 'company_status',
    alertType: 'status_change',
    oldValue: { status: 'active', detail: null, date_of_cessation: null },
    newValue: { status: to, detail: null, date_of_cessation: null },
  };
}
