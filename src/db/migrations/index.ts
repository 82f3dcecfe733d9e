import { Migration0001Accounts } from './0001-accounts';
import { Migration0002WebhookDeliveries } from './0002-webhook-deliveries';
import { Migration0003CompanyRegister } from './0003-company-register';
import { Migration0004RateLimits } from './0004-rate-limits';
import { Migration0005ListsAndWatchlist } from './0005-lists-and-watchlist';
import { Migration0006RegisterChangesAndAlerts } from './0006-register-changes-and-alerts';
import { Migration0007CompanyDetails } from './0007-company-details';

// Listed explicitly (not globbed from disk) so they run the same under tsx, jest and a compiled build.
export const migrationsList = [
  { name: '0001-accounts', class: Migration0001Accounts },
  { name: '0002-webhook-deliveries', class: Migration0002WebhookDeliveries },
  { name: '0003-company-register', class: Migration0003CompanyRegister },
  { name: '0004-rate-limits', class: Migration0004RateLimits },
  { name: '0005-lists-and-watchlist', class: Migration0005ListsAndWatchlist },
  { name: '0006-register-changes-and-alerts', class: Migration0006RegisterChangesAndAlerts },
  { name: '0007-company-details', class: Migration0007CompanyDetails },
];
