import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { Client } from '@temporalio/client';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import { WebhookDeliveryAttemptEntity } from '../../src/db/entities/webhook-delivery-attempt';
import { WebhookEndpointHealthEntity } from '../../src/db/entities/webhook-endpoint-health';
import { createDelivery, recordAttempt } from '../../src/domain/webhooks/deliveries';
import { claimRequestedRedelivery } from '../../src/domain/webhooks/redelivery-request';
import { alertEvent } from '../../src/domain/webhooks/events';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';
import type { recoverWebhookDeliveries } from '../../src/operations/recover-webhook-deliveries';
import type { redeliverWebhookDelivery } from '../../src/operations/redeliver-webhook-delivery';
import type { deliveryView } from '../../src/operations/delivery-view';
import { startDeliveryWorkflow } from '../../src/temporal/delivery-starter';
import { webhookDeliveryWorkflowId, webhookRecoveryWorkflowId } from '../../src/temporal/names';
import {
  launchCurrentDeliveryWorkflow,
  recover as recoverDirectly,
  redeliver as redeliverDirectly,
} from '../../src/temporal/redelivery-starter';
import { searchAttributes } from '../../src/temporal/search-attributes';
import { MAX_ATTEMPTS } from '../../src/workflows/retry-schedule';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

type DeliveryView = z.infer<typeof deliveryView>;
type Redelivered = z.infer<typeof redeliverWebhookDelivery.output>;
type Recovered = z.infer<typeof recoverWebhookDeliveries.output>;

const DAY_MS = 24 * 60 * 60 * 1000;

describe('redeliver one webhook delivery, recover the failed ones', () => {
  let receiver: LocalReceiver;
  let app: TestApp;
  /** Paths the receiver answers 500 on; every other path gets 200. */
  const failing = new Set<string>();
  /** Workflows that may still be waiting towards a retry; terminated at the end. */
  const running = new Set<string>();

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    receiver.respondWith((req) =>
      failing.has(req.path) ? { status: 500, body: 'down' } : { status: 200, body: 'ok' },
    );
    app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin });
  });
  afterAll(async () => {
    for (const workflowId of running) {
      const handle = app.services.temporal.workflow.getHandle(workflowId);
      if ((await handle.describe()).status.name === 'RUNNING') await handle.terminate('test finished');
    }
    await app?.stop();
    await receiver?.close();
  });

  const alertBase = randomInt(100_000_000, 900_000_000);
  let alerts = 0;
  let paths = 0;
  const newPath = () => `/hooks/${++paths}`;

  /** A company.alert delivery stored and sent; `maxAttempts` 1 makes it final after one attempt. */
  async function deliver(accountId: string, path: string, maxAttempts = 1) {
    const now = new Date();
    const alertId = alertBase + ++alerts;
    const event = alertEvent(
      {
        alertId,
        companyNumber: '01234567',
        companyName: 'Acme Widgets Ltd',
        alertType: 'status_change',
        severity: 'critical',
        title: 'Company status changed to liquidation',
        detail: 'The registrar now lists the company as in liquidation (previously active).',
        detectedAt: now,
        lists: [],
      },
      app.config.PUBLIC_BASE_URL,
      now,
    );
    const delivery = await createDelivery(
      app.services.orm.em.fork(),
      {
        eventId: event.id,
        accountId,
        eventType: event.type,
        companyNumber: '01234567',
        alertId,
        url: receiver.url(path),
        body: JSON.stringify(event),
        maxAttempts,
      },
      now,
    );
    const handle = await startDeliveryWorkflow(
      app.services.temporal,
      app.config.TEMPORAL_TASK_QUEUE,
      delivery,
    );
    running.add(handle.workflowId);
    return { eventId: delivery.eventId, handle };
  }

  async function finished(accountId: string, path: string): Promise<string> {
    const { eventId, handle } = await deliver(accountId, path);
    await handle.result();
    return eventId;
  }
  async function failedDelivery(accountId: string): Promise<string> {
    const path = newPath();
    failing.add(path);
    return finished(accountId, path);
  }

  const receivedFor = (eventId: string) =>
    receiver.received.filter((r) => r.headers['service-event-id'] === eventId);
  const signatureTime = (header: string | string[] | undefined) =>
    Number(
      String(header)
        .split(',')
        .find((part) => part.startsWith('t='))!
        .slice(2),
    );

  function redeliver(key: string, id: string, idempotencyKey?: string) {
    return request<Redelivered>(
      app,
      'POST',
      `/watchlist/webhooks/deliveries/${encodeURIComponent(id)}/redeliver`,
      { key, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} },
    );
  }
  function recover(key: string, body: Record<string, unknown>, idempotencyKey?: string) {
    return request<Recovered>(app, 'POST', '/watchlist/webhooks/recover', {
      key,
      body,
      headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
    });
  }
  async function getDelivery(key: string, id: string) {
    const response = await request<DeliveryView>(
      app,
      'GET',
      `/watchlist/webhooks/deliveries/${encodeURIComponent(id)}`,
      { key },
    );
    expect(response.status).toBe(200);
    return response.body;
  }
  function settled(key: string, id: string): Promise<DeliveryView> {
    return waitFor(async () => {
      const delivery = await getDelivery(key, id);
      return delivery.status === 'pending' ? undefined : delivery;
    }, 20_000);
  }
  const keyOf = () => `key-${randomBytes(6).toString('hex')}`;
  /** Requests charged to the account so far (the quota's counters). */
  const charged = async (accountId: string) => {
    const rows: { points: number | string }[] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select points from rate_limits where key like ?', [`%${accountId}%`]);
    return rows.map((row) => Number(row.points));
  };

  it('sends a failed delivery again to a receiver that now answers 200: same event, fresh signature, attempt 2', async () => {
    const owner = await signUp(app);
    const id = await failedDelivery(owner.account_id);
    const [first] = receivedFor(id);
    const firstT = signatureTime(first!.headers['service-signature']);
    // Signature times are whole seconds: let one pass so a fresh signature shows as a new time.
    await waitFor(async () => (Math.floor(Date.now() / 1000) > firstT ? true : undefined));
    failing.clear();

    const response = await redeliver(owner.api_key, id);

    expect(response.status).toBe(202);
    const workflowId = `${webhookDeliveryWorkflowId(id)}/redelivery-1`;
    expect(response.body).toMatchObject({
      id,
      status: 'pending',
      attempt_count: 1,
      completed_at: null,
      redelivery_count: 1,
      redelivery: 1,
      workflow_id: workflowId,
    });
    expect(response.body.redelivered_at).not.toBeNull();
    expect(response.body.attempts.map((a) => a.number)).toEqual([1]);
    running.add(workflowId);

    const done = await settled(owner.api_key, id);
    expect(done).toMatchObject({ status: 'delivered', attempt_count: 2, redelivery_count: 1 });
    expect(done.attempts.map((a) => [a.number, a.delivered, a.status_code])).toEqual([
      [1, false, 500],
      [2, true, 200],
    ]);

    const sends = receivedFor(id);
    expect(sends).toHaveLength(2);
    expect(sends[1]!.headers['service-event-id']).toBe(id);
    expect(sends[1]!.rawBody).toBe(sends[0]!.rawBody);
    const secondT = signatureTime(sends[1]!.headers['service-signature']);
    expect(secondT).toBeGreaterThan(firstT);
    const secret = await request<{ secret: string }>(app, 'GET', '/watchlist/webhook-secret', {
      key: owner.api_key,
    });
    const header = String(sends[1]!.headers['service-signature']);
    expect(verifyWebhook(sends[1]!.rawBody, header, secret.body.secret)).toMatchObject({ ok: true });

    // In the Web UI: the delivery workflow type, the delivery's search attributes, a summary naming it.
    const handle = app.services.temporal.workflow.getHandle(workflowId);
    const description = await handle.describe();
    expect(description.type).toBe('webhookDeliveryWorkflow');
    expect(await description.staticSummary()).toBe(
      `redelivery 1 of ${id}: company.alert for 01234567 to ${new URL(receiver.origin).host}`,
    );
    const query = `DeliveryStatus = "delivered" AND AccountId = "${owner.account_id}" AND CompanyNumber = "01234567"`;
    const found = await waitFor(async () => {
      for await (const execution of app.services.temporal.workflow.list({ query })) {
        if (execution.workflowId === workflowId) return execution;
      }
      return undefined;
    });
    expect(found.searchAttributes.EventType).toEqual(['company.alert']);
  });

  it('sends a delivered delivery again, and again: each redelivery its own workflow, attempts numbered on', async () => {
    const owner = await signUp(app);
    const id = await finished(owner.account_id, newPath());

    const once = await redeliver(owner.api_key, id);
    expect(once.status).toBe(202);
    expect(once.body).toMatchObject({ status: 'pending', redelivery: 1 });
    running.add(once.body.workflow_id);
    expect(await settled(owner.api_key, id)).toMatchObject({ status: 'delivered', attempt_count: 2 });

    const twice = await redeliver(owner.api_key, id);
    expect(twice.status).toBe(202);
    expect(twice.body).toMatchObject({
      redelivery: 2,
      redelivery_count: 2,
      workflow_id: `${webhookDeliveryWorkflowId(id)}/redelivery-2`,
    });
    running.add(twice.body.workflow_id);
    const done = await settled(owner.api_key, id);
    expect(done.attempts.map((a) => [a.number, a.delivered])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(receivedFor(id)).toHaveLength(3);
  });

  it('refuses a pending delivery (its workflow is still sending) with 409 conflict, sending nothing', async () => {
    const owner = await signUp(app);
    const path = newPath();
    failing.add(path);
    const { eventId: id } = await deliver(owner.account_id, path, MAX_ATTEMPTS);
    await waitFor(async () => ((await getDelivery(owner.api_key, id)).attempt_count >= 1 ? true : undefined));

    const response = await request<ErrorBody>(app, 'POST', `/watchlist/webhooks/deliveries/${id}/redeliver`, {
      key: owner.api_key,
    });

    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('conflict');
    expect(response.body.error.message).toMatch(/pending/);
    expect(await getDelivery(owner.api_key, id)).toMatchObject({ status: 'pending', redelivery_count: 0 });
    expect(receivedFor(id)).toHaveLength(1);
  });

  it('answers 404 for an unknown id and, identically, for another account’s delivery', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const id = await failedDelivery(owner.account_id);

    const unknown = await request<ErrorBody>(
      app,
      'POST',
      '/watchlist/webhooks/deliveries/evt_1_404/redeliver',
      { key: other.api_key },
    );
    const foreign = await request<ErrorBody>(app, 'POST', `/watchlist/webhooks/deliveries/${id}/redeliver`, {
      key: other.api_key,
    });

    for (const response of [unknown, foreign]) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
      expect(response.body.error.message).toBe('Delivery not found');
    }
    expect(Object.keys(foreign.body.error.details)).toEqual(Object.keys(unknown.body.error.details));
    // Recover by the other account does not reach the owner's failed delivery either.
    const recovered = await recover(other.api_key, { since: new Date(Date.now() - DAY_MS).toISOString() });
    expect(recovered.status).toBe(202);
    expect(recovered.body).toMatchObject({ count: 0, event_ids: [], workflow_id: null });
    expect(await getDelivery(owner.api_key, id)).toMatchObject({ status: 'failed', redelivery_count: 0 });
    expect(receivedFor(id)).toHaveLength(1);
  });

  it('are REST only, described in the OpenAPI document with 202, their errors and the Idempotency-Key header', async () => {
    type Operation = {
      operationId: string;
      'x-mcp-tool'?: string;
      'x-lowest-plan': string;
      parameters: { name: string; in: string }[];
      responses: Record<string, unknown>;
    };
    const doc = await request<{ paths: Record<string, Record<string, Operation>> }>(
      app,
      'GET',
      '/openapi.json',
    );
    const redeliverDoc = doc.body.paths['/watchlist/webhooks/deliveries/{id}/redeliver']!.post!;
    const recoverDoc = doc.body.paths['/watchlist/webhooks/recover']!.post!;
    expect(redeliverDoc.operationId).toBe('redeliver_webhook_delivery');
    expect(recoverDoc.operationId).toBe('recover_webhook_deliveries');
    expect(Object.keys(redeliverDoc.responses)).toContain('404');
    for (const operation of [redeliverDoc, recoverDoc]) {
      expect(operation['x-mcp-tool']).toBeUndefined();
      expect(operation['x-lowest-plan']).toBe('free');
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['202', '400', '409', '503']));
      expect(operation.parameters).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
      );
    }
  });

  it('needs an API key', async () => {
    expect((await request(app, 'POST', '/watchlist/webhooks/deliveries/evt_1_1/redeliver')).status).toBe(401);
    expect(
      (
        await request(app, 'POST', '/watchlist/webhooks/recover', {
          body: { since: new Date().toISOString() },
        })
      ).status,
    ).toBe(401);
  });

  it('with an Idempotency-Key, answers a repeated redeliver again without sending again', async () => {
    const owner = await signUp(app);
    const id = await failedDelivery(owner.account_id);
    const other = await failedDelivery(owner.account_id);
    failing.clear();
    const key = keyOf();

    const first = await redeliver(owner.api_key, id, key);
    expect(first.status).toBe(202);
    running.add(first.body.workflow_id);
    await settled(owner.api_key, id);
    const chargedBefore = await charged(owner.account_id);
    const again = await redeliver(owner.api_key, id, key);

    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(await charged(owner.account_id)).toEqual(chargedBefore);
    // Given again, not run again: no second redelivery, no third send.
    expect(await getDelivery(owner.api_key, id)).toMatchObject({
      status: 'delivered',
      redelivery_count: 1,
      attempt_count: 2,
    });
    expect(receivedFor(id)).toHaveLength(2);

    // The same key for another delivery is refused, and that delivery is left alone.
    const reused = await request<ErrorBody>(
      app,
      'POST',
      `/watchlist/webhooks/deliveries/${other}/redeliver`,
      {
        key: owner.api_key,
        headers: { 'Idempotency-Key': key },
      },
    );
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('conflict');
    expect(await getDelivery(owner.api_key, other)).toMatchObject({ status: 'failed', redelivery_count: 0 });
  });

  it('of two redeliveries of one delivery at once, starts one and refuses the other; one key twice at once answers both the same', async () => {
    const owner = await signUp(app);
    const id = await failedDelivery(owner.account_id);
    const same = await failedDelivery(owner.account_id);
    failing.clear();

    const racing = await Promise.all([redeliver(owner.api_key, id), redeliver(owner.api_key, id)]);
    expect(racing.map((r) => r.status).sort()).toEqual([202, 409]);
    const winner = racing.find((r) => r.status === 202)!;
    running.add(winner.body.workflow_id);
    expect(await settled(owner.api_key, id)).toMatchObject({ redelivery_count: 1, attempt_count: 2 });
    expect(receivedFor(id)).toHaveLength(2);

    const key = keyOf();
    const keyed = await Promise.all([
      redeliver(owner.api_key, same, key),
      redeliver(owner.api_key, same, key),
    ]);
    expect(keyed.map((r) => r.status)).toEqual([202, 202]);
    expect(keyed[1]!.body).toEqual(keyed[0]!.body);
    running.add(keyed[0]!.body.workflow_id);
    expect(await settled(owner.api_key, same)).toMatchObject({ redelivery_count: 1, attempt_count: 2 });
    expect(receivedFor(same)).toHaveLength(2);
  });

  it.each([
    ['more than 14 days back', () => new Date(Date.now() - 14 * DAY_MS - 60_000).toISOString(), /14 days/],
    ['in the future', () => new Date(Date.now() + 60 * 60_000).toISOString(), /future/],
    ['not a date-time', () => 'yesterday', /./],
    ['a date without a time', () => new Date().toISOString().slice(0, 10), /./],
  ])('refuses a since %s with 400 invalid_argument', async (_name, since, message) => {
    const owner = await signUp(app);
    const response = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/recover', {
      key: owner.api_key,
      body: { since: since() },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_argument');
    const problems = response.body.error.details.problems as { argument: string; problem: string }[];
    expect(problems).toEqual([
      expect.objectContaining({ argument: 'since', problem: expect.stringMatching(message) }),
    ]);
  });

  it.each([
    ['no since', {}, 'since'],
    ['a limit of 0', { limit: 0 }, 'limit'],
    ['a limit over 1,000', { limit: 1001 }, 'limit'],
    ['an unknown field', { until: new Date().toISOString() }, '(body)'],
  ])('refuses %s with 400 invalid_argument', async (_name, extra, argument) => {
    const owner = await signUp(app);
    const body =
      argument === 'since' ? extra : { since: new Date(Date.now() - DAY_MS).toISOString(), ...extra };
    const response = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/recover', {
      key: owner.api_key,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_argument');
    const problems = response.body.error.details.problems as { argument: string }[];
    expect(problems.map((p) => p.argument)).toContain(argument);
  });

  describe('recover', () => {
    let owner: { api_key: string; account_id: string };
    let neighbour: { api_key: string; account_id: string };
    const ids = { before: '', first: '', second: '', delivered: '', neighbours: '' };
    let since: string;
    let answer: Recovered;
    const key = keyOf();

    beforeAll(async () => {
      owner = await signUp(app);
      neighbour = await signUp(app);
      ids.before = await failedDelivery(owner.account_id);
      await new Promise((resolve) => setTimeout(resolve, 20));
      since = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 20));
      ids.first = await failedDelivery(owner.account_id);
      ids.neighbours = await failedDelivery(neighbour.account_id);
      ids.second = await failedDelivery(owner.account_id);
      ids.delivered = await finished(owner.account_id, newPath());
      failing.clear();

      const response = await recover(owner.api_key, { since }, key);
      expect(response.status).toBe(202);
      answer = response.body;
      for (const id of answer.event_ids) running.add(`${webhookDeliveryWorkflowId(id)}/redelivery-1`);
    });

    it('sends again only the account’s failed deliveries since `since`, oldest failure first', async () => {
      expect(answer).toMatchObject({
        since,
        count: 2,
        event_ids: [ids.first, ids.second],
        truncated: false,
        how_to_continue: null,
      });
      expect(answer.workflow_id).toBe(webhookRecoveryWorkflowId(owner.account_id, answer.id));

      for (const id of [ids.first, ids.second]) {
        const done = await settled(owner.api_key, id);
        expect(done).toMatchObject({ status: 'delivered', attempt_count: 2, redelivery_count: 1 });
        expect(receivedFor(id)).toHaveLength(2);
      }
      // Failed before `since`, delivered, or another account's: untouched and not sent again.
      expect(await getDelivery(owner.api_key, ids.before)).toMatchObject({
        status: 'failed',
        redelivery_count: 0,
      });
      expect(await getDelivery(owner.api_key, ids.delivered)).toMatchObject({
        status: 'delivered',
        redelivery_count: 0,
      });
      expect(await getDelivery(neighbour.api_key, ids.neighbours)).toMatchObject({
        status: 'failed',
        redelivery_count: 0,
        attempt_count: 1,
      });
      for (const id of [ids.before, ids.delivered, ids.neighbours]) expect(receivedFor(id)).toHaveLength(1);
    });

    it('is one workflow in the Web UI, which started each redelivery, each naming the recovery', async () => {
      const parent = app.services.temporal.workflow.getHandle(answer.workflow_id!);
      expect(await parent.result()).toEqual({ started: 2, alreadyStarted: 0 });
      const description = await parent.describe();
      expect(description.type).toBe('webhookRecoveryWorkflow');
      expect(await description.staticSummary()).toBe(`recovery of 2 failed deliveries since ${since}`);
      const attributes = description.typedSearchAttributes.getAll().map((p) => p.key.name);
      expect(attributes).toContain('AccountId');
      expect(attributes).not.toContain('DeliveryStatus');
      expect(description.typedSearchAttributes.get(searchAttributes.accountId)).toBe(owner.account_id);
      for (const id of answer.event_ids) {
        const child = await app.services.temporal.workflow
          .getHandle(`${webhookDeliveryWorkflowId(id)}/redelivery-1`)
          .describe();
        expect(await child.staticSummary()).toBe(
          `redelivery 1 of ${id}: company.alert for 01234567 to ${new URL(receiver.origin).host} (recovery ${answer.id})`,
        );
        expect(child.typedSearchAttributes.getAll().map((p) => [p.key.name, p.value])).toEqual(
          expect.arrayContaining([
            ['AccountId', owner.account_id],
            ['EventType', 'company.alert'],
            ['CompanyNumber', '01234567'],
          ]),
        );
      }
    });

    it('answers a repeated Idempotency-Key again without sending again; the key with another since is a conflict', async () => {
      for (const id of answer.event_ids) await settled(owner.api_key, id);
      const chargedBefore = await charged(owner.account_id);
      const again = await recover(owner.api_key, { since }, key);
      expect(again.status).toBe(202);
      expect(again.body).toEqual(answer);
      expect(await charged(owner.account_id)).toEqual(chargedBefore);
      for (const id of answer.event_ids) {
        expect(await getDelivery(owner.api_key, id)).toMatchObject({ redelivery_count: 1 });
        expect(receivedFor(id)).toHaveLength(2);
      }

      const reused = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/recover', {
        key: owner.api_key,
        body: { since: new Date(Date.parse(since) - 1).toISOString() },
        headers: { 'Idempotency-Key': key },
      });
      expect(reused.status).toBe(409);
      expect(reused.body.error.code).toBe('conflict');
      // Another account may use the same key for its own request.
      const theirs = await recover(neighbour.api_key, { since }, key);
      expect(theirs.status).toBe(202);
      expect(theirs.body.event_ids).toEqual([ids.neighbours]);
      running.add(`${webhookDeliveryWorkflowId(ids.neighbours)}/redelivery-1`);
    });
  });

  describe('claims meeting a failure: no workflow start, a crash before it, a late retry', () => {
    // A client whose starts fail, as when Temporal is out of reach after the claim was written.
    const unreachable = {
      workflow: {
        start: () => Promise.reject(new Error('14 UNAVAILABLE: connection refused')),
      },
    } as unknown as Client;
    const context = () => ({
      em: app.services.orm.em.fork(),
      client: unreachable,
      taskQueue: app.config.TEMPORAL_TASK_QUEUE,
    });
    const rowOf = (eventId: string) =>
      app.services.orm.em
        .fork()
        .findOneOrFail(WebhookDeliveryEntity, { eventId }, { disableIdentityMap: true });
    const countRows = async (table: string, accountId: string) => {
      const rows: { n: number | string }[] = await app.services.orm.em
        .fork()
        .getConnection()
        .execute(`select count(*) as n from ${table} where account_id = ?`, [accountId]);
      return Number(rows[0]!.n);
    };

    it('a redeliver answers 503 unavailable and leaves the delivery as it was, its key unused', async () => {
      const owner = await signUp(app);
      const id = await failedDelivery(owner.account_id);
      const before = await rowOf(id);

      await expect(
        redeliverDirectly(
          context(),
          { accountId: owner.account_id, eventId: id, now: new Date(), idempotencyKey: 'k1' },
          () => 1,
        ),
      ).rejects.toMatchObject({ code: 'unavailable' });

      expect(await rowOf(id)).toEqual(before);
      expect(await countRows('webhook_redeliveries', owner.account_id)).toBe(0);
    });

    it('a recover answers 503 unavailable and leaves every delivery as it was', async () => {
      const owner = await signUp(app);
      const since = new Date(Date.now() - 1000);
      const ids = [await failedDelivery(owner.account_id), await failedDelivery(owner.account_id)];
      const before = await Promise.all(ids.map(rowOf));

      await expect(
        recoverDirectly(
          context(),
          { accountId: owner.account_id, since, limit: 10, now: new Date(), idempotencyKey: 'k1' },
          () => 1,
        ),
      ).rejects.toMatchObject({ code: 'unavailable' });

      expect(await Promise.all(ids.map(rowOf))).toEqual(before);
      expect(await countRows('webhook_redeliveries', owner.account_id)).toBe(0);
      expect(await countRows('webhook_recoveries', owner.account_id)).toBe(0);
    });

    it('a recover with the url of a disabled address answers 503 and leaves the address disabled, as it was', async () => {
      const owner = await signUp(app);
      const id = await failedDelivery(owner.account_id);
      const endpoint = { accountId: owner.account_id, url: (await rowOf(id)).url };
      const healthOf = () =>
        app.services.orm.em
          .fork()
          .findOneOrFail(WebhookEndpointHealthEntity, endpoint, { disableIdentityMap: true });
      await app.services.orm.em
        .fork()
        .nativeUpdate(WebhookEndpointHealthEntity, endpoint, { state: 'disabled', disabledAt: new Date() });
      const before = await healthOf();
      expect(before.consecutiveFailures).toBeGreaterThan(0);

      await expect(
        recoverDirectly(
          context(),
          {
            ...endpoint,
            since: new Date(Date.now() - 60_000),
            limit: 10,
            now: new Date(),
            idempotencyKey: null,
          },
          () => 1,
        ),
      ).rejects.toMatchObject({ code: 'unavailable' });

      expect(await healthOf()).toEqual(before);
      expect(await rowOf(id)).toMatchObject({ status: 'failed' });
      expect(await countRows('webhook_recoveries', owner.account_id)).toBe(0);
    });

    it('a late retry of the first run’s recording does not overwrite the redelivery in progress', async () => {
      const owner = await signUp(app);
      const id = await failedDelivery(owner.account_id);
      const em = () => app.services.orm.em.fork();
      await claimRequestedRedelivery(
        em(),
        { accountId: owner.account_id, eventId: id, now: new Date(), idempotencyKey: null },
        () => 1,
      );
      const [lastOfFirstRun] = await em().find(WebhookDeliveryAttemptEntity, { eventId: id });

      // The first run's final recording, retried after the redelivery was claimed: the attempt is there already.
      expect(await recordAttempt(em(), lastOfFirstRun!, 'failed', new Date(), 0)).toBe(false);
      expect(await rowOf(id)).toMatchObject({ status: 'pending', redeliveryCount: 1, completedAt: null });
      const next = { ...lastOfFirstRun!, number: 2, delivered: true, statusCode: 200, errorClass: null };
      expect(await recordAttempt(em(), next, 'delivered', new Date(), 1)).toBe(true);
      expect(await rowOf(id)).toMatchObject({ status: 'delivered', attemptCount: 2 });
      expect(await em().count(WebhookDeliveryAttemptEntity, { eventId: id })).toBe(2);
    });

    it('a claim left without its workflow (a crash between the two) is started by the catch-up’s launcher', async () => {
      const owner = await signUp(app);
      const id = await failedDelivery(owner.account_id);
      failing.clear();
      // The claim as the endpoint writes it, and then nothing: the process died before the start.
      await claimRequestedRedelivery(
        app.services.orm.em.fork(),
        { accountId: owner.account_id, eventId: id, now: new Date(), idempotencyKey: null },
        () => 1,
      );
      const pending = await rowOf(id);
      expect(pending).toMatchObject({ status: 'pending', redeliveryCount: 1 });

      const client = app.services.temporal;
      const taskQueue = app.config.TEMPORAL_TASK_QUEUE;
      const launched = await launchCurrentDeliveryWorkflow(client, taskQueue, pending);
      expect(launched.outcome).toBe('started');
      expect(launched.handle.workflowId).toBe(`${webhookDeliveryWorkflowId(id)}/redelivery-1`);
      running.add(launched.handle.workflowId);
      expect(await launched.handle.result()).toMatchObject({ status: 'delivered', attempts: 2 });
      expect((await launchCurrentDeliveryWorkflow(client, taskQueue, pending)).outcome).toBe('closed');
      expect(await getDelivery(owner.api_key, id)).toMatchObject({ status: 'delivered', attempt_count: 2 });
      expect(receivedFor(id)).toHaveLength(2);
    });
  });

  it('says when a call was truncated, and the next call with the same since goes on', async () => {
    const owner = await signUp(app);
    const since = new Date(Date.now() - 1000).toISOString();
    const failed = [await failedDelivery(owner.account_id), await failedDelivery(owner.account_id)];
    failing.clear();

    const first = await recover(owner.api_key, { since, limit: 1 });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ count: 1, event_ids: [failed[0]], truncated: true });
    expect(first.body.how_to_continue).toMatch(/same since/);
    const second = await recover(owner.api_key, { since, limit: 1 });
    expect(second.body).toMatchObject({ count: 1, event_ids: [failed[1]], truncated: false });
    for (const id of failed) running.add(`${webhookDeliveryWorkflowId(id)}/redelivery-1`);
    for (const id of failed) expect(await settled(owner.api_key, id)).toMatchObject({ status: 'delivered' });
    const third = await recover(owner.api_key, { since, limit: 1 });
    expect(third.body).toMatchObject({ count: 0, event_ids: [], truncated: false, workflow_id: null });
  });
});
