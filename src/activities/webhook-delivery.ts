import { ApplicationFailure } from '@temporalio/activity';
import type { DeliveryStatus } from '../db/entities/webhook-delivery';
import { attemptDelivery, type AttemptResult } from '../domain/webhooks/attempt-delivery';
import { findDelivery, recordAttempt } from '../domain/webhooks/deliveries';
import type { ActivityDeps } from './deps';

export function webhookDeliveryActivities({ orm, clock, logger, webhooks }: ActivityDeps) {
  return {
    /**
     * One attempt. Never throws for a receiver's failure: the outcome is the result, and the workflow decides
     * what comes next. Runs with maximumAttempts 1, so a crash mid-send is one failed attempt, not a resend.
     */
    async sendDeliveryAttempt(input: { eventId: string; attempt: number }): Promise<AttemptResult> {
      const em = orm.em.fork();
      const delivery = await findDelivery(em, input.eventId).catch(() => {
        throw ApplicationFailure.nonRetryable(`No delivery record for ${input.eventId}`, 'DeliveryNotFound');
      });
      const result = await attemptDelivery(em, delivery, clock(), webhooks);
      logger.info(
        {
          eventId: input.eventId,
          attempt: input.attempt,
          delivered: result.delivered,
          statusCode: result.statusCode,
          errorClass: result.errorClass,
        },
        'webhook attempt',
      );
      return result;
    },

    /** Idempotent: the workflow may retry it freely. */
    async recordDeliveryAttempt(input: {
      eventId: string;
      attempt: number;
      result: AttemptResult;
      status: DeliveryStatus;
      nextAttemptAt: number | null;
    }): Promise<void> {
      const { result } = input;
      await recordAttempt(
        orm.em.fork(),
        {
          eventId: input.eventId,
          number: input.attempt,
          attemptedAt: new Date(result.attemptedAt),
          durationMs: result.durationMs,
          delivered: result.delivered,
          statusCode: result.statusCode ?? null,
          errorClass: result.errorClass ?? null,
          errorMessage: result.errorMessage ?? null,
          responseSnippet: result.responseBodySnippet ?? null,
          resolvedAddress: result.resolvedAddress ?? null,
          signedWith: result.signedWith.join(','),
          nextAttemptAt: input.nextAttemptAt === null ? null : new Date(input.nextAttemptAt),
        },
        input.status,
        clock(),
      );
    },
  };
}
