import { z } from 'zod';
import { isUniqueViolation } from '../db/unique-violation';
import {
  RECOVERY_BATCH_LIMIT,
  recoveryAnswerForKey,
  recoveryWindowProblem,
} from '../domain/webhooks/redelivery-recovery';
import { recover } from '../temporal/redelivery-starter';
import { keyedOperation } from './operation';

const input = z
  .object({
    since: z.iso
      .datetime({ offset: true })
      .describe('Failures at or after this time are sent again; at most 14 days back, not in the future')
      // Checked here, before the call is charged, against the wall clock the API runs on.
      .superRefine((since, ctx) => {
        const problem = recoveryWindowProblem(new Date(since), new Date());
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(RECOVERY_BATCH_LIMIT)
      .default(RECOVERY_BATCH_LIMIT)
      .describe(`The most deliveries to send in this call (at most ${RECOVERY_BATCH_LIMIT})`),
    url: z
      .string()
      .min(1)
      .max(2048)
      .optional()
      .describe(
        'A disabled webhook address of the account (endpoint health): re-enables it and sends again only its ' +
          'deliveries, including the alerts held back while it was disabled. Refused (conflict) when the ' +
          'address is not disabled; not_found when the account never sent to it',
      ),
  })
  .strict();

const output = z.object({
  id: z.string().describe('The recovery: its workflow is webhook-recovery/<account id>/<id>'),
  workflow_id: z.string().nullable().describe('Null when nothing failed since then'),
  since: z.iso.datetime(),
  count: z.number().int().describe('Deliveries sent again by this call'),
  event_ids: z.array(z.string()),
  truncated: z.boolean().describe('More failed deliveries remain than this call sent'),
  how_to_continue: z.string().nullable(),
});

type Answer = z.infer<typeof output>;

export const recoverWebhookDeliveries = keyedOperation({
  name: 'recover_webhook_deliveries',
  title: 'Recover failed webhook deliveries',
  description:
    'Sends again every failed delivery of this account whose failure is at or after `since` (at most 14 days ' +
    `back), oldest failure first, up to ${RECOVERY_BATCH_LIMIT} per call: each as a redelivery (same event id and ` +
    'body, fresh signature, new attempts). One Temporal workflow, webhook-recovery/<account id>/<id>, starts ' +
    'them. When `truncated`, call again with the same `since`: the deliveries sent are pending now and are not ' +
    'picked again. Send the Idempotency-Key header to make a retry safe. With `url`, a disabled address is ' +
    're-enabled and only its deliveries are sent, with the alerts held back while it was disabled.',
  method: 'POST',
  path: '/watchlist/webhooks/recover',
  successStatus: 202,
  lowestPlan: 'free',
  cost: 1,
  // unavailable: Temporal refused the start (the claims are undone). not_found: a url the account never sent to.
  errors: ['conflict', 'not_found', 'unavailable'],
  input,
  output,
  async replay(args, { em, account, idempotencyKey }) {
    if (idempotencyKey === undefined) return undefined;
    const request = { since: new Date(args.since), limit: args.limit, url: args.url };
    return (await recoveryAnswerForKey(em, account.id, idempotencyKey, request)) as Answer | undefined;
  },
  async handler(args, { em, account, now, services, idempotencyKey }) {
    const context = { em, client: services.temporal, taskQueue: services.config.TEMPORAL_TASK_QUEUE };
    const since = new Date(args.since);
    const request = {
      accountId: account.id,
      since,
      limit: args.limit,
      now,
      idempotencyKey: idempotencyKey ?? null,
      ...(args.url === undefined ? {} : { url: args.url }),
    };
    try {
      return await recover(context, request, (recovery, claims): Answer => ({
        id: recovery.id,
        workflow_id: recovery.workflowId,
        since: since.toISOString(),
        count: claims.length,
        event_ids: claims.map((claim) => claim.delivery.eventId),
        truncated: recovery.truncated,
        how_to_continue: recovery.truncated
          ? `More failed deliveries remain: call again with the same since (${since.toISOString()}) and a new ` +
            'Idempotency-Key' +
            // The address is enabled now: a second call naming it would be refused as not disabled.
            (args.url === undefined ? '' : ', without url') +
            '. The deliveries this call sent are pending now and are not picked again.'
          : null,
      }));
    } catch (error) {
      if (idempotencyKey === undefined || !isUniqueViolation(error)) throw error;
      // The same key sent twice at once: the first to commit wins, and both answers are its answer.
      const stored = await recoveryAnswerForKey(em.fork(), account.id, idempotencyKey, {
        since,
        limit: args.limit,
        url: args.url,
      });
      if (stored === undefined) throw error;
      return stored as Answer;
    }
  },
});
