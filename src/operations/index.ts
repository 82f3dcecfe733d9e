import { getWebhookDelivery } from './get-webhook-delivery';
import { getWebhookSecret } from './get-webhook-secret';
import { listWebhookDeliveries } from './list-webhook-deliveries';
import type { Operation } from './operation';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { sendTestWebhook } from './send-test-webhook';
import { signup } from './signup';

// The operation table: REST routes, MCP tools and the OpenAPI document are all generated from it.
export const operations: readonly Operation[] = [
  signup,
  getWebhookSecret,
  rotateWebhookSecret,
  sendTestWebhook,
  listWebhookDeliveries,
  getWebhookDelivery,
] as Operation[];
