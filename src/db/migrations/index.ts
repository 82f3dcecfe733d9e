import { Migration0001Accounts } from './0001-accounts';
import { Migration0002WebhookDeliveries } from './0002-webhook-deliveries';
import { Migration0003CompanyRegister } from './0003-company-register';
import { Migration0004RateLimits } from './0004-rate-limits';
import { Migration0005ListsAndWatchlist } from './0005-lists-and-watchlist';
import { Migration0006RegisterChangesAndAlerts } from './0006-register-changes-and-alerts';
import { Migration0007CompanyDetails } from './0007-company-details';
import { Migration0008HealthScores } from './0008-health-scores';
import { Migration0009PostcodePlaces } from './0009-postcode-places';
import { Migration0010LatestFigures } from './0010-latest-figures';
import { Migration0011SanctionsList } from './0011-sanctions-list';
import { Migration0012KybChecks } from './0012-kyb-checks';
import { Migration0013CompanyFetches } from './0013-company-fetches';
import { Migration0014CompaniesHouseStreamPositions } from './0014-companies-house-stream-positions';
import { Migration0015RegisterChangeSourceLength } from './0015-register-change-source-length';
import { Migration0016AccountEmailNotUnique } from './0016-account-email-not-unique';
import { Migration0017WebhookRedeliveries } from './0017-webhook-redeliveries';
import { Migration0018SearchAtRegisterSize } from './0018-search-at-register-size';
import { Migration0019OfficerNameWords } from './0019-officer-name-words';
import { Migration0020WebSessions } from './0020-web-sessions';
import { Migration0021SearchWithinTierIndex } from './0021-search-within-tier-index';
import { Migration0022SearchWithinTierIndexPostgres } from './0022-search-within-tier-index-postgres';
import { Migration0023CompanyNamePairs } from './0023-company-name-pairs';
import { Migration0024CompanyNamePairsPostgres } from './0024-company-name-pairs-postgres';
import { Migration0025CompanyResourceCompleteness } from './0025-company-resource-completeness';
import { Migration0026DeferredIndexes } from './0026-deferred-indexes';
import { Migration0027SanctionsLists } from './0027-sanctions-lists';
import { Migration0028OngoingScreening } from './0028-ongoing-screening';
import { Migration0029AccountSanctionsLists } from './0029-account-sanctions-lists';
import { Migration0030IdentityVerification } from './0030-identity-verification';
import { Migration0031DisqualifiedOfficers } from './0031-disqualified-officers';
import { Migration0032CompanyExemptions } from './0032-company-exemptions';
import { Migration0033OAuth } from './0033-oauth';
import { Migration0034OfficeLineKey } from './0034-office-line-key';
import { Migration0036StandardWebhooks } from './0036-standard-webhooks';
import { Migration0037WebhookEndpointHealth } from './0037-webhook-endpoint-health';

// Listed explicitly (not globbed from disk) so they run the same under tsx, jest and a compiled build.
export const migrationsList = [
  { name: '0001-accounts', class: Migration0001Accounts },
  { name: '0002-webhook-deliveries', class: Migration0002WebhookDeliveries },
  { name: '0003-company-register', class: Migration0003CompanyRegister },
  { name: '0004-rate-limits', class: Migration0004RateLimits },
  { name: '0005-lists-and-watchlist', class: Migration0005ListsAndWatchlist },
  { name: '0006-register-changes-and-alerts', class: Migration0006RegisterChangesAndAlerts },
  { name: '0007-company-details', class: Migration0007CompanyDetails },
  { name: '0008-health-scores', class: Migration0008HealthScores },
  { name: '0009-postcode-places', class: Migration0009PostcodePlaces },
  { name: '0010-latest-figures', class: Migration0010LatestFigures },
  { name: '0011-sanctions-list', class: Migration0011SanctionsList },
  { name: '0012-kyb-checks', class: Migration0012KybChecks },
  { name: '0013-company-fetches', class: Migration0013CompanyFetches },
  {
    name: '0014-companies-house-stream-positions',
    class: Migration0014CompaniesHouseStreamPositions,
  },
  { name: '0015-register-change-source-length', class: Migration0015RegisterChangeSourceLength },
  { name: '0016-account-email-not-unique', class: Migration0016AccountEmailNotUnique },
  { name: '0017-webhook-redeliveries', class: Migration0017WebhookRedeliveries },
  { name: '0018-search-at-register-size', class: Migration0018SearchAtRegisterSize },
  { name: '0019-officer-name-words', class: Migration0019OfficerNameWords },
  { name: '0020-web-sessions', class: Migration0020WebSessions },
  { name: '0021-search-within-tier-index', class: Migration0021SearchWithinTierIndex },
  {
    name: '0022-search-within-tier-index-postgres',
    class: Migration0022SearchWithinTierIndexPostgres,
  },
  { name: '0023-company-name-pairs', class: Migration0023CompanyNamePairs },
  { name: '0024-company-name-pairs-postgres', class: Migration0024CompanyNamePairsPostgres },
  { name: '0025-company-resource-completeness', class: Migration0025CompanyResourceCompleteness },
  { name: '0026-deferred-indexes', class: Migration0026DeferredIndexes },
  { name: '0027-sanctions-lists', class: Migration0027SanctionsLists },
  { name: '0028-ongoing-screening', class: Migration0028OngoingScreening },
  { name: '0029-account-sanctions-lists', class: Migration0029AccountSanctionsLists },
  { name: '0030-identity-verification', class: Migration0030IdentityVerification },
  { name: '0031-disqualified-officers', class: Migration0031DisqualifiedOfficers },
  { name: '0032-company-exemptions', class: Migration0032CompanyExemptions },
  { name: '0033-oauth', class: Migration0033OAuth },
  { name: '0034-office-line-key', class: Migration0034OfficeLineKey },
  { name: '0036-standard-webhooks', class: Migration0036StandardWebhooks },
  { name: '0037-webhook-endpoint-health', class: Migration0037WebhookEndpointHealth },
];
