// Records the event histories that test/workflow/replay.test.ts replays, from real runs on the time-skipping
// server. Run it once when a workflow gains a new path worth guarding (never to "fix" a failing replay: a
// replay failure means the change needs `patched()`):
//   npx tsx test/workflow/record-histories.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Context } from '@temporalio/activity';
import { createAccount } from '../../src/domain/accounts/accounts';
import { createDelivery } from '../../src/domain/webhooks/deliveries';
import { alertEvent } from '../../src/domain/webhooks/events';
import { currentSecret, rotateSecret } from '../../src/domain/webhooks/webhook-secrets';
import { startDeliveryWorkflow } from '../../src/temporal/delivery-starter';
import { signalSecretRotation } from '../../src/temporal/secret-rotation-starter';
import { CompanyEntity } from '../../src/db/entities/company';
import { addCompaniesToList } from '../../src/domain/lists/list-membership';
import { updateListWebhook } from '../../src/domain/lists/list-webhook';
import { createList } from '../../src/domain/lists/lists';
import { importDemoRegister } from '../../src/demo/demo-data';
import { simulateChange } from '../../src/demo/simulator/simulate-changes';
import { workflowTypes } from '../../src/temporal/names';
import { historyToFile } from '../support/history-json';
import { startLocalReceiver } from '../support/local-receiver';
import { projectRoot } from '../support/paths';
import { bundleWorkflowsOnce } from '../support/workflow-bundle';
import { startWorkflowTestEnv } from '../support/workflow-test-env';

const out = join(projectRoot, 'test/fixtures/histories');

async function main() {
  await bundleWorkflowsOnce();
  const receiver = await startLocalReceiver();
  let calls = 0;
  // Two failures then success: the history holds attempts, records, timers and the final search attribute.
  receiver.respondWith(() => (++calls <= 2 ? { status: 500 } : { status: 204 }));
  const test = await startWorkflowTestEnv('record-histories', () => ({
    clock: () => new Date(Context.current().info.currentAttemptScheduledTimestampMs),
    webhooks: { devAllowedOrigins: [receiver.origin] },
    changeCheckBatchSize: 2,
  }));
  try {
    const { env, orm } = test;
    const now = new Date(await env.currentTimeMs());
    const { account } = await createAccount(
      orm.em.fork(),
      { email: 'replay@example.com', plan: 'free' },
      now,
    );
    await currentSecret(orm.em.fork(), account.id, now);

    const event = alertEvent(
      {
        alertId: 9001,
        companyNumber: '01234567',
        companyName: 'Replay Widgets Ltd',
        alertType: 'name_change',
        severity: 'info',
        title: 'Company name changed',
        detail: 'The name changed from Old Widgets Ltd to Replay Widgets Ltd.',
        detectedAt: now,
        lists: [{ id: 1, name: 'Clients' }],
      },
      'https://api.example.com',
      now,
    );
    const delivery = await createDelivery(
      orm.em.fork(),
      {
        eventId: event.id,
        accountId: account.id,
        eventType: event.type,
        companyNumber: '01234567',
        alertId: 9001,
        url: receiver.url(),
        body: JSON.stringify(event),
        maxAttempts: 8,
      },
      now,
    );
    const deliveryHandle = await startDeliveryWorkflow(env.client, test.taskQueue, delivery);
    await deliveryHandle.result();
    writeFileSync(
      join(out, 'webhook-delivery-retried-then-delivered.json'),
      historyToFile(await deliveryHandle.fetchHistory()),
    );

    const rotation = await rotateSecret(orm.em.fork(), account.id, now);
    await signalSecretRotation(env.client, test.taskQueue, account.id, {
      secretId: rotation.previous.id,
      retireAt: rotation.previous.expiresAt!.getTime(),
    });
    const rotationHandle = env.client.workflow.getHandle(`secret-rotation/${account.id}`);
    await rotationHandle.result();
    writeFileSync(
      join(out, 'secret-rotation-one-secret.json'),
      historyToFile(await rotationHandle.fetchHistory()),
    );

    // The change check over three changes on a monitored company: two steps, alerts, deliveries started.
    await importDemoRegister(orm.em.fork(), { companies: 10, seed: 9 });
    const list = await createList(
      orm.em.fork(),
      { accountId: account.id, name: 'Replay', kind: 'clients' },
      now,
    );
    await updateListWebhook(
      orm.em.fork(),
      account.id,
      list.id,
      { webhookUrl: receiver.url('/alerts'), alertWebhook: true },
      { devAllowedOrigins: [receiver.origin], now },
    );
    const [company] = await orm.em
      .fork()
      .find(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'asc' }, limit: 1 });
    await addCompaniesToList(orm.em.fork(), list.id, [company!.companyNumber], now);
    const later = new Date(now.getTime() + 1000);
    for (const type of ['new_filing', 'officer_change', 'psc_change'])
      await simulateChange(orm.em.fork(), company!.companyNumber, type, { now: later, seed: 1 });
    receiver.respondWith(() => ({ status: 204 }));
    const check = await env.client.workflow.start(workflowTypes.changeCheck, {
      taskQueue: test.taskQueue,
      workflowId: 'change-check-replay',
    });
    await check.result();
    writeFileSync(join(out, 'change-check-two-steps.json'), historyToFile(await check.fetchHistory()));
  } finally {
    await test.stop();
    await receiver.close();
  }
}

main().then(
  () => console.log(`histories written to ${out}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
