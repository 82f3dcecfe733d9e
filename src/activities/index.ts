import { changeCheckActivities } from './change-check';
import { companiesHouseStreamActivities } from './companies-house-stream';
import type { ActivityDeps } from './deps';
import { healthScoreActivities } from './health-scores';
import { liveAccountsActivities } from './live-accounts';
import { ongoingScreeningActivities } from './ongoing-screening';
import { sanctionsRefreshActivities } from './sanctions-refresh';
import { secretRotationActivities } from './secret-rotation';
import { webhookDeliveryActivities } from './webhook-delivery';

export type { ActivityDeps } from './deps';

export function createActivities(deps: ActivityDeps) {
  return {
    ...secretRotationActivities(deps),
    ...webhookDeliveryActivities(deps),
    ...changeCheckActivities(deps),
    ...healthScoreActivities(deps),
    ...sanctionsRefreshActivities(deps),
    ...companiesHouseStreamActivities(deps),
    ...liveAccountsActivities(deps),
    ...ongoingScreeningActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
