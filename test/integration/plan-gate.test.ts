import { z } from 'zod';
import { setPlan } from '../../src/domain/accounts/accounts';
import { accountForApiKey } from '../../src/domain/accounts/accounts';
import { callTool, toolDefinitions } from '../../src/http/mcp-tools';
import { callContext } from '../../src/operations/call-context';
import { keyedOperation } from '../../src/operations/operation';
import { readOnlyTool } from '../../src/operations/read-only-tool';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

// The plan gate on its own, with a probe operation going through the real tool-call path: input validation, plan
// gate, quota, handler, output validation, error mapping. The real Starter tools (get_changes) have their own
// refusal tests too.
const starterProbe = keyedOperation({
  name: 'starter_probe',
  title: 'Starter probe',
  description: 'A Starter-plan operation for testing the plan gate.',
  method: 'GET',
  path: '/starter-probe',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: z.object({}).strict(),
  output: z.object({ ok: z.literal(true) }),
  handler: async () => ({ ok: true as const }),
});

describe('plan gate on tool calls', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL: 'https://example.com/upgrade' });
  });
  afterAll(() => app?.stop());

  async function call(apiKey: string) {
    const caller = await accountForApiKey(app.services.orm.em.fork(), apiKey);
    const context = callContext(app.services, { now: new Date() });
    return callTool([starterProbe], 'starter_probe', {}, context, caller!.account, 'req-test');
  }

  async function quotaRows(accountId: string) {
    return app.services.orm.em
      .fork()
      .getConnection()
      .execute('select key, points from rate_limits where key like ?', [`%${accountId}%`]);
  }

  it('refuses a Free key with an upgrade link instead of data, and charges nothing', async () => {
    const { api_key, account_id } = await signUp(app);
    const result = await call(api_key);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const [content] = result.content as { type: string; text: string }[];
    const { error } = JSON.parse(content!.text) as {
      error: { code: string; message: string; details: Record<string, unknown>; next_step: string };
    };
    expect(error.code).toBe('plan_required');
    expect(error.message).toContain('https://example.com/upgrade');
    expect(error.details).toMatchObject({
      required_plan: 'starter',
      current_plan: 'free',
      upgrade_url: 'https://example.com/upgrade',
    });
    expect(error.next_step).toContain('https://example.com/upgrade');
    expect(await quotaRows(account_id)).toEqual([]);
  });

  it('answers a Starter key with data, charged once', async () => {
    const { api_key, account_id } = await signUp(app);
    await setPlan(app.services.orm.em.fork(), account_id, 'starter');
    const result = await call(api_key);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ ok: true });
    const rows = await quotaRows(account_id);
    expect(rows.map((r: { points: number }) => Number(r.points))).toEqual([1, 1]);
  });

  it('tells the assistant the lowest plan in the tool description', () => {
    const [definition] = toolDefinitions([starterProbe]);
    expect(definition!.description).toContain('Lowest plan: starter');
  });
});
