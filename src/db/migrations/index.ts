import { Migration0001Accounts } from './0001-accounts';
import { Migration0002WebhookDeliveries } from './0002-webhook-deliveries';

// Listed explicitly (not globbed from disk) so they run the same under tsx, jest and a compiled build.
export const migrationsList = [
  { name: '0001-accounts', class: Migration0001Accounts },
  { name: '0002-webhook-deliveries', class: Migration0002WebhookDeliveries },
];
