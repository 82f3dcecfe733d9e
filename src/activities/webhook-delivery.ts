import { ApplicationFailure, Context } from '@temporalio/activity';
import type { DeliveryStatus } from '../db/entities/webhook-delivery';
import { attemptDelivery, type AttemptResult } from '../domain/webhooks/attempt-delivery';
import { findDelivery, recordAttempt } from '../domain/webhooks/deliveries';
import { recoveryRedeliveries } from '../domain/webhooks/redelivery-recovery';
import type { WebhookRecoveryResult } from '../temporal/contracts';
import { redeliveryNumberOf } from '../temporal/names';
import { redeliveryStart, startRedeliveries } from '../temporal/redelivery-starter';
import type { ActivityDeps } from './deps';

export function webhookDeliveryActivities({
  orm,
  clock,
  logger,
  webhooks,
  temporal,
  webhookDisableAfterMs,
}: ActivityDeps) {
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

    /** Idempotent: the workflow may retry it freely. Moves the delivery only for its latest run (recordAttempt). */
    async recordDeliveryAttempt(input: {
      eventId: string;
      attempt: number;
      result: AttemptResult;
      status: DeliveryStatus;
      nextAttemptAt: number | null;
    }): Promise<void> {
      const { result } = input;
      const workflowId = Context.current().info.workflowExecution?.workflowId ?? '';
      const moved = await recordAttempt(
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
        redeliveryNumberOf(workflowId),
        webhookDisableAfterMs,
      );
      // A late retry of a superseded run's recording (the delivery was sent again since): its attempt is kept,
      // the delivery's state is the newer run's.
      if (!moved)
        logger.warn(
          { eventId: input.eventId, attempt: input.attempt, workflowId },
          'superseded attempt recorded',
        );
    },

    /**
     * Starts the redeliveries a recover call claimed (the recovery workflow's one step), 16 at a time,
     * heartbeating each one started. Idempotent: a retry counts those started before and starts the rest.
     */
    async startRecoveryRedeliveries(input: { recoveryId: string }): Promise<WebhookRecoveryResult> {
      const context = Context.current();
      const claimed = await recoveryRedeliveries(orm.em.fork(), input.recoveryId);
      const starts = claimed.map(({ delivery, redelivery }) => redeliveryStart(delivery, redelivery));
      const result = await startRedeliveries(temporal.client, temporal.taskQueue, starts, (done) =>
        context.heartbeat(done),
      );
      logger.info({ recoveryId: input.recoveryId, ...result }, 'recovery redeliveries started');
      return result;
    },
  };
}
