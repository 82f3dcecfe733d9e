import { AccountEntity } from './account';
import { ApiKeyEntity } from './api-key';
import { WebhookSecretEntity } from './webhook-secret';

export const entities = [AccountEntity, ApiKeyEntity, WebhookSecretEntity];
