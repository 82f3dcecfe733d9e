import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Orm } from '../../src/db/orm';
import { createAccount } from '../../src/domain/accounts/accounts';
import { activeSecrets, currentSecret, rotateSecret } from '../../src/domain/webhooks/webhook-secrets';
import { WebhookSecretEntity } from '../../src/db/entities/webhook-secret';
import { secretRotationWorkflowId } from '../../src/temporal/names';
import { signalSecretRotation } from '../../src/temporal/secret-rotation-starter';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../support/workflow-test-env';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const taskQueue = 'secret-rotation-test';

describe('secret rotation workflow (time-skipping server)', () => {
  let env: TestWorkflowEnvironment;
  let orm: Orm;
  let testEnv: WorkflowTestEnv;

  beforeAll(async () => {
    testEnv = await startWorkflowTestEnv(taskQueue);
    ({ env, orm } = testEnv);
  });

  afterAll(() => testEnv?.stop());

  async function newAccount(): Promise<string> {
    const { account } = await createAccount(
      orm.em.fork(),
      { email: `${Math.random()}@example.com`, plan: 'free' },
      new Date(),
    );
    return account.id;
  }

  async function rotateAt(accountId: string, at: number) {
    const rotation = await rotateSecret(orm.em.fork(), accountId, new Date(at));
    await signalSecretRotation(env.client, taskQueue, accountId, {
      secretId: rotation.previous.id,
      retireAt: rotation.previous.expiresAt!.getTime(),
    });
    return rotation;
  }

  async function retiredAt(secretId: string): Promise<Date | null> {
    const secret = await orm.em.fork().findOneOrFail(WebhookSecretEntity, { id: secretId });
    return secret.retiredAt;
  }

  it('keeps both secrets active until 24 hours, then only the new one', async () => {
    const accountId = await newAccount();
    const start = await env.currentTimeMs();
    const original = await currentSecret(orm.em.fork(), accountId, new Date(start));
    const rotation = await rotateAt(accountId, start);

    await env.sleep(23 * HOUR + 59 * MINUTE);
    expect(await retiredAt(original.id)).toBeNull();
    const at2359 = await activeSecrets(orm.em.fork(), accountId, new Date(start + 23 * HOUR + 59 * MINUTE));
    expect(at2359.map((s) => s.id)).toEqual([rotation.current.id, original.id]);

    await env.client.workflow.getHandle(secretRotationWorkflowId(accountId)).result();
    expect(await env.currentTimeMs()).toBeGreaterThanOrEqual(start + 24 * HOUR);
    expect(await retiredAt(original.id)).not.toBeNull();

    const at24 = await activeSecrets(orm.em.fork(), accountId, new Date(start + 24 * HOUR));
    expect(at24.map((s) => s.id)).toEqual([rotation.current.id]);
  });

  it('retires the timer-driven secret exactly at 24 hours, not before', async () => {
    const accountId = await newAccount();
    const start = await env.currentTimeMs();
    const original = await currentSecret(orm.em.fork(), accountId, new Date(start));
    await rotateAt(accountId, start);

    const history = await (async () => {
      const handle = env.client.workflow.getHandle(secretRotationWorkflowId(accountId));
      await handle.result();
      return handle.fetchHistory();
    })();
    const timer = history.events?.find((e) => e.timerStartedEventAttributes)?.timerStartedEventAttributes;
    const seconds = Number(timer?.startToFireTimeout?.seconds ?? 0);
    // Started within a second of the rotation, the timer runs the rest of the 24 hours.
    expect(seconds).toBeGreaterThan(24 * 3600 - 2);
    expect(seconds).toBeLessThanOrEqual(24 * 3600);
    expect(await retiredAt(original.id)).not.toBeNull();
  });

  it('a second rotation inside the window retires the oldest at once and never leaves three active', async () => {
    const accountId = await newAccount();
    const start = await env.currentTimeMs();
    const first = await currentSecret(orm.em.fork(), accountId, new Date(start));
    const rotation1 = await rotateAt(accountId, start);

    await env.sleep(2 * HOUR);
    const secondAt = start + 2 * HOUR;
    const rotation2 = await rotateAt(accountId, secondAt);
    expect(rotation2.retiredNow).toEqual([first.id]);
    expect(rotation2.previous.id).toBe(rotation1.current.id);
    expect(rotation2.previous.expiresAt!.getTime()).toBe(secondAt + 24 * HOUR);

    const afterSecond = await activeSecrets(orm.em.fork(), accountId, new Date(secondAt));
    expect(afterSecond.map((s) => s.id)).toEqual([rotation2.current.id, rotation1.current.id]);
    expect(await retiredAt(first.id)).not.toBeNull();

    await env.sleep(23 * HOUR + 58 * MINUTE); // 1 minute before the second window closes
    expect(await retiredAt(rotation1.current.id)).toBeNull();
    const nearEnd = await activeSecrets(
      orm.em.fork(),
      accountId,
      new Date(secondAt + 23 * HOUR + 59 * MINUTE),
    );
    expect(nearEnd).toHaveLength(2);

    await env.client.workflow.getHandle(secretRotationWorkflowId(accountId)).result();
    expect(await retiredAt(rotation1.current.id)).not.toBeNull();
    const final = await activeSecrets(orm.em.fork(), accountId, new Date(secondAt + 24 * HOUR));
    expect(final.map((s) => s.id)).toEqual([rotation2.current.id]);
  });
});
