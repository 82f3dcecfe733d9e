import { retireSecret } from '../domain/webhooks/webhook-secrets';
import type { ActivityDeps } from './deps';

export function secretRotationActivities({ orm, clock, logger }: ActivityDeps) {
  return {
    async retireWebhookSecret(input: { accountId: string; secretId: string }): Promise<boolean> {
      const retired = await retireSecret(orm.em.fork(), input.secretId, clock());
      logger.info({ ...input, retired }, 'webhook secret rotation finished');
      return retired;
    },
  };
}
