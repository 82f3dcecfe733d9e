import { AccountEntity } from './account';
import { ApiKeyEntity } from './api-key';
import { WebhookSecretEntity } from './webhook-secret';
import { WebhookDeliveryEntity } from './webhook-delivery';
import { WebhookDeliveryAttemptEntity } from './webhook-delivery-attempt';
import { WebhookEndpointHealthEntity } from './webhook-endpoint-health';
import { CompanyEntity } from './company';
import { ImportRunEntity } from './import-run';
import { CompanyListEntity } from './company-list';
import { ListCompanyEntity } from './list-company';
import { WatchlistEntryEntity } from './watchlist-entry';
import { RegisterChangeEntity } from './register-change';
import { AlertEntity } from './alert';
import { ChangeCheckStateEntity } from './change-check-state';
import { OfficerAppointmentEntity } from './officer-appointment';
import { PersonWithSignificantControlEntity } from './person-with-significant-control';
import { FilingEntity } from './filing';
import { ChargeEntity } from './charge';
import { InsolvencyCaseEntity } from './insolvency-case';
import { AccountsYearEntity } from './accounts-year';
import { CompanyResourceImportEntity } from './company-resource-import';
import { healthEntities } from './health-entities';
import { placeEntities } from './place-entities';
import { figuresEntities } from './figures-entities';
import { sanctionsEntities } from './sanctions-entities';
import { kybEntities } from './kyb-entities';
import { redeliveryEntities } from './redelivery-entities';
import { companiesHouseEntities } from './companies-house-entities';
import { CompaniesHouseStreamPositionEntity } from './companies-house-stream-position';
import { ScreeningMatchEntity } from './screening-match';
import { DisqualificationEntity, DisqualifiedOfficerEntity } from './disqualified-officer';
import { CompanyExemptionEntity } from './company-exemption';

export const entities = [
  AccountEntity,
  ApiKeyEntity,
  WebhookSecretEntity,
  WebhookDeliveryEntity,
  WebhookDeliveryAttemptEntity,
  WebhookEndpointHealthEntity,
  CompanyEntity,
  ImportRunEntity,
  CompanyListEntity,
  ListCompanyEntity,
  WatchlistEntryEntity,
  RegisterChangeEntity,
  AlertEntity,
  ChangeCheckStateEntity,
  OfficerAppointmentEntity,
  PersonWithSignificantControlEntity,
  FilingEntity,
  ChargeEntity,
  InsolvencyCaseEntity,
  AccountsYearEntity,
  CompanyResourceImportEntity,
  ...healthEntities,
  ...placeEntities,
  ...figuresEntities,
  ...sanctionsEntities,
  ...kybEntities,
  ...redeliveryEntities,
  ...companiesHouseEntities,
  CompaniesHouseStreamPositionEntity,
  ScreeningMatchEntity,
  DisqualifiedOfficerEntity,
  DisqualificationEntity,
  CompanyExemptionEntity,
];
