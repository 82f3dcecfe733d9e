import type { EntityManager } from '@mikro-orm/core';
import type { Account } from '../../../src/db/entities/account';
import { callContext, withAccount } from '../../../src/operations/call-context';
import type { Services } from '../../../src/services';

/** Services whose ORM root counts its forks; each fork is a distinct object. */
function servicesCountingForks() {
  const root = { fork: jest.fn(() => ({ fork: 'one unit of work' }) as unknown as EntityManager) };
  return { services: { orm: { em: root } } as unknown as Services, root };
}

const account: Account = { id: 'acc_1', email: 'a@example.com', plan: 'team', createdAt: new Date(0) };

describe('callContext', () => {
  it('forks no unit of work until the call asks for one, and reads through the ORM root', () => {
    const { services, root } = servicesCountingForks();
    const context = callContext(services, { now: new Date(0), clientAddress: '127.0.0.1' });
    expect(context.reads).toBe(root);
    expect(context.now).toEqual(new Date(0));
    expect(context.clientAddress).toBe('127.0.0.1');
    expect(root.fork).not.toHaveBeenCalled();
  });

  it('forks once, on first use, and gives the same unit of work after', () => {
    const { services, root } = servicesCountingForks();
    const context = callContext(services, { now: new Date(0) });
    const first = context.em;
    expect(context.em).toBe(first);
    expect(root.fork).toHaveBeenCalledTimes(1);
  });

  it('keeps the fork lazy and shared when the account is added', () => {
    const { services, root } = servicesCountingForks();
    const context = callContext(services, { now: new Date(0), idempotencyKey: 'k1' });
    const authenticated = withAccount(context, account);
    expect(root.fork).not.toHaveBeenCalled();
    expect(authenticated.account).toBe(account);
    expect(authenticated.idempotencyKey).toBe('k1');
    expect(authenticated.em).toBe(context.em);
    expect(root.fork).toHaveBeenCalledTimes(1);
  });

  it('gives each call its own unit of work', () => {
    const { services } = servicesCountingForks();
    const a = callContext(services, { now: new Date(0) });
    const b = callContext(services, { now: new Date(0) });
    expect(a.em).not.toBe(b.em);
  });
});
