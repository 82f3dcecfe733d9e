import { accountForApiKey, setPlan } from '../../src/domain/accounts/accounts';
import type { PlanName } from '../../src/domain/accounts/plans';
import type { TestApp } from './test-app';
import { signInThroughPages, signUpThroughPages, WebClient } from './web-client';

/** A new account on `plan`, signed up and signed in through the pages: the client holds its session. */
export async function signedInOnPlan(
  app: TestApp,
  plan: PlanName,
): Promise<{ client: WebClient; key: string }> {
  const client = new WebClient(app.url);
  const { key } = await signUpThroughPages(client);
  const em = app.services.orm.em.fork();
  await setPlan(em, (await accountForApiKey(em, key))!.account.id, plan);
  await signInThroughPages(client, key);
  return { client, key };
}
