import { AccountEntity } from './account';
import { ApiKeyEntity } from './api-key';
import { WebhookSecretEntity } from './webhook-secret';
import { WebhookDeliveryEntity } from './webhook-delivery';
import { WebhookDeliveryAttemptEntity } from './webhook-delivery-attempt';

export const entities = [
  AccountEntity,
  ApiKeyEntity,
  WebhookSecretEntity,
  WebhookDeliveryEntity,
  WebhookDeliveryAttemptEntity,
];
