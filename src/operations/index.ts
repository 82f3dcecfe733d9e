import { getWebhookSecret } from './get-webhook-secret';
import type { Operation } from './operation';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { signup } from './signup';

// The operation table: REST routes, MCP tools and the OpenAPI document are all generated from it.
export const operations: readonly Operation[] = [
  signup,
  getWebhookSecret,
  rotateWebhookSecret,
] as Operation[];
