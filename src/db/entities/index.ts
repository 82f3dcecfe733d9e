import { AccountEntity } from './account';
import { ApiKeyEntity } from './api-key';
import { WebhookSecretEntity } from './webhook-secret';
import { WebhookDeliveryEntity } from './webhook-delivery';
import { WebhookDeliveryAttemptEntity } from './webhook-delivery-attempt';
import { CompanyEntity } from './company';
import { ImportRunEntity } from './import-run';
import { CompanyListEntity } from './company-list';
import { ListCompanyEntity } from './list-company';
import { WatchlistEntryEntity } from './watchlist-entry';
import { RegisterChangeEntity } from './register-change';
import { AlertEntity } from './alert';
import { ChangeCheckStateEntity } from './change-check-state';

export const entities = [
  AccountEntity,
  ApiKeyEntity,
  WebhookSecretEntity,
  WebhookDeliveryEntity,
  WebhookDeliveryAttemptEntity,
  CompanyEntity,
  ImportRunEntity,
  CompanyListEntity,
  ListCompanyEntity,
  WatchlistEntryEntity,
  RegisterChangeEntity,
  AlertEntity,
  ChangeCheckStateEntity,
];
