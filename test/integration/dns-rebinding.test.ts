import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { CompanyEntity } from '../../src/db/entities/company';
import { importDemoRegister } from '../../src/demo/demo-data';
import { simulateChange } from '../../src/demo/simulator/simulate-changes';
import { dnsServerResolver } from '../../src/domain/outbound/dns-server-resolver';
import { isPublicAddress } from '../../src/domain/outbound/address-policy';
import type { ChangeCheckResult } from '../../src/temporal/contracts';
import { webhookDeliveryWorkflowId, workflowTypes } from '../../src/temporal/names';
import { startLoopbackDnsServer, type LoopbackDnsServer } from '../support/loopback-dns-server';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

// DNS rebinding against a real DNS server: the service's webhook resolver asks a DNS server on loopback
// (WEBHOOK_DNS_SERVER) that answers public-looking names with a public address first and a private one after,
// or with a mix. A TCP listener on a loopback address, port 443 (where a webhook to a name would connect),
// plays the private network and records every connection it gets. The public address is never connected to:
// the one query answered with it alone is the test's own lookup, which connects nowhere (see "a name that
// rebinds"), and a mixed answer is refused whole before any connection.

/** Public, and never connected to: what an attacker's name answers first (example.com's own address). */
const PUBLIC_ADDRESS = '93.184.215.14';

type TestSendReply = {
  id: string;
  delivered: boolean;
  error_class: string | null;
  error_message: string | null;
};
type Attempt = { error_class: string | null; error_message: string | null; resolved_address: string | null };
type Delivery = { id: string; status: string; attempt_count: number; url: string; attempts: Attempt[] };

describe('DNS rebinding against a real DNS server: refused at connect time, nothing reaches the private address', () => {
  /** A loopback address of this run's own (the private target), so parallel runs cannot share port 443. */
  const privateAddress = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const suffix = randomBytes(3).toString('hex');
  const names = {
    rebind: `rebind-${suffix}.example.com`,
    private: `private-${suffix}.example.com`,
    mixed: `mixed-${suffix}.example.com`,
    control: `control-${suffix}.example.com`,
  };

  let dns: LoopbackDnsServer;
  let listener: Server;
  const connections: string[] = [];
  let app: TestApp;
  const running = new Set<string>();
  let control: { reply: TestSendReply; connections: string[]; resolvedAddress: string | null };

  beforeAll(async () => {
    dns = await startLoopbackDnsServer(({ name, type, nth }) => {
      if (type !== 'A') return [];
      if (name === names.rebind) return [{ type: 'A', address: nth === 1 ? PUBLIC_ADDRESS : privateAddress }];
      if (name === names.private || name === names.control) return [{ type: 'A', address: privateAddress }];
      // Private first: should the whole-answer refusal ever break, the sender takes the first answer and the
      // listener sees it, rather than a connection leaving the machine. The public-first order (a check of
      // only the first answer) is covered where nothing connects: vetted-lookup-dns-server.test.ts.
      if (name === names.mixed)
        return [
          { type: 'A', address: privateAddress },
          { type: 'A', address: PUBLIC_ADDRESS },
        ];
      return 'NXDOMAIN';
    });
    listener = createServer((socket) => {
      connections.push(`${socket.remoteAddress} -> ${socket.localAddress}:${socket.localPort}`);
      socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      listener.once('error', (error) =>
        reject(new Error(`the private target needs ${privateAddress}:443 (run as root): ${error.message}`)),
      );
      listener.listen(443, privateAddress, () => resolve());
    });
    app = await startTestApp({
      WEBHOOK_DNS_SERVER: dns.server,
      // The control only: this origin skips the address checks, so it must reach the listener.
      WEBHOOK_DEV_ALLOWED_ORIGINS: `https://${names.control}`,
    });
    await importDemoRegister(app.services.orm.em.fork(), { companies: 5, seed: 11 });

    // The control first: unless the sender asks this DNS server, nothing below would test anything (and the
    // system resolver would be asked for these names), so stop here if it did not.
    const { api_key } = await signUp(app);
    const reply = await testSend(api_key, `https://${names.control}/hook`);
    if (!queriesFor(names.control).some((query) => query.type === 'A'))
      throw new Error('the webhook sender did not ask WEBHOOK_DNS_SERVER: is it wired into the worker?');
    const resolvedAddress = (await delivery(api_key, reply.id)).attempts[0]?.resolved_address ?? null;
    control = { reply, connections: connections.splice(0), resolvedAddress };
  }, 120_000);

  afterAll(async () => {
    for (const eventId of running) {
      const handle = app.services.temporal.workflow.getHandle(webhookDeliveryWorkflowId(eventId));
      const { status } = await handle.describe();
      if (status.name === 'RUNNING') await handle.terminate('test finished');
    }
    await app?.stop();
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
    await dns?.close();
  });

  function queriesFor(name: string) {
    return dns.queries.filter((query) => query.name === name);
  }

  async function testSend(key: string, url: string): Promise<TestSendReply> {
    const response = await request<TestSendReply>(app, 'POST', '/watchlist/webhooks/test', {
      key,
      body: { url },
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  async function delivery(key: string, id: string): Promise<Delivery> {
    const response = await request<Delivery>(app, 'GET', `/watchlist/webhooks/deliveries/${id}`, { key });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('the control: an address past the checks (dev override) resolves through the DNS server and reaches the listener', async () => {
    expect(control.reply.delivered).toBe(false);
    expect(control.reply.error_class).not.toBe('refused_address');
    expect(control.connections.length).toBeGreaterThanOrEqual(1);
    expect(control.resolvedAddress).toBe(privateAddress);
  });

  it('a name that rebinds: accepted when saved, refused at connect time by the real delivery, nothing connects', async () => {
    // The first answer is public and goes to a check that connects nowhere: this lookup, through the same
    // resolver the service uses, is the check a rebinding attack is built to pass.
    const first = await dnsServerResolver(dns.server)(names.rebind);
    expect(first).toEqual([{ address: PUBLIC_ADDRESS, family: 4 }]);
    expect(first.every(({ address }) => isPublicAddress(address))).toBe(true);

    const { api_key } = await signUp(app);
    const [company] = await app.services.orm.em
      .fork()
      .find(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'asc' }, limit: 1 });
    const url = `https://${names.rebind}/hooks/company`;
    const queriesBefore = dns.queries.length;
    const watched = await request(app, 'POST', '/watchlist', {
      key: api_key,
      body: { company_number: company!.companyNumber, webhook_url: url },
    });
    expect(watched.status).toBe(200);
    // Saving checks the URL only: the name is not resolved then.
    expect(dns.queries.length).toBe(queriesBefore);

    await simulateChange(app.services.orm.em.fork(), company!.companyNumber, 'name_change', { seed: 5 });
    const check = await app.services.temporal.workflow.execute(workflowTypes.changeCheck, {
      taskQueue: app.config.TEMPORAL_TASK_QUEUE,
      workflowId: `dns-rebinding-check-${suffix}`,
      args: [],
    });
    expect((check as ChangeCheckResult).deliveriesStarted).toBe(1);

    const list = await request<{ deliveries: Delivery[] }>(app, 'GET', '/watchlist/webhooks/deliveries', {
      key: api_key,
    });
    const [pending] = list.body.deliveries;
    expect(pending!.url).toBe(url);
    running.add(pending!.id);
    const attempted = await waitFor(async () => {
      const current = await delivery(api_key, pending!.id);
      return current.attempt_count >= 1 ? current : undefined;
    }, 30_000);

    expect(attempted.status).toBe('pending');
    expect(attempted.attempts[0]).toMatchObject({
      error_class: 'refused_address',
      error_message: expect.stringContaining(`resolves to ${privateAddress}, which is not a public address`),
      resolved_address: null,
    });
    // The service's own lookup got the second answer, the private one.
    const answers = queriesFor(names.rebind).filter((query) => query.type === 'A');
    expect(answers.map((query) => query.answer)).toEqual([
      [{ type: 'A', address: PUBLIC_ADDRESS }],
      [{ type: 'A', address: privateAddress }],
    ]);
    expect(connections).toEqual([]);
  });

  it('a name private from the start: saving it is accepted (nothing resolved), sending to it is refused at connect time', async () => {
    const { api_key } = await signUp(app);
    const created = await request<{ id: number }>(app, 'POST', '/lists', {
      key: api_key,
      body: { name: 'Rebinding', kind: 'clients' },
    });
    const url = `https://${names.private}/hooks/list`;
    const saved = await request(app, 'PATCH', `/lists/${created.body.id}`, {
      key: api_key,
      body: { webhook_url: url, alert_webhook: true },
    });
    expect(saved.status).toBe(200);
    expect(queriesFor(names.private)).toEqual([]);

    const reply = await testSend(api_key, url);
    expect(reply).toMatchObject({ delivered: false, error_class: 'refused_address' });
    expect(reply.error_message).toContain(privateAddress);
    expect(queriesFor(names.private).map((query) => query.type)).toContain('A');
    expect((await delivery(api_key, reply.id)).attempts[0]!.resolved_address).toBeNull();
    expect(connections).toEqual([]);
  });

  it('a mixed answer (one public, one private A record) is refused whole: neither address is connected to', async () => {
    const { api_key } = await signUp(app);
    const reply = await testSend(api_key, `https://${names.mixed}/hook`);
    expect(reply).toMatchObject({ delivered: false, error_class: 'refused_address' });
    expect(reply.error_message).toContain(privateAddress);
    expect((await delivery(api_key, reply.id)).attempts[0]!.resolved_address).toBeNull();
    expect(connections).toEqual([]);
  });
});
