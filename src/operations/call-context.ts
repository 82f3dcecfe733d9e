import type { EntityManager } from '@mikro-orm/core';
import type { Account } from '../db/entities/account';
import type { Services } from '../services';
import type { AuthenticatedContext, OperationContext } from './operation';

/**
 * The context of one call of an operation. Its unit of work (`em`) is forked from the ORM when the call first
 * asks for it, not before: a call that only reads through readRows (get_company, search) uses `reads` and never
 * needs one, and a fork on every request cost 8–17 % of a keyed get_company's throughput
 * (bench:profile-keyed-call, docs/performance.md).
 */
export function callContext(
  services: Services,
  fields: Omit<OperationContext, 'services' | 'em' | 'reads'>,
): OperationContext {
  let em: EntityManager | undefined;
  return {
    ...fields,
    services,
    reads: services.orm.em,
    get em() {
      return (em ??= services.orm.em.fork());
    },
  };
}

/** The same call with its caller's account: the unit of work stays the one (lazy) fork of `context`. */
export function withAccount(context: OperationContext, account: Account): AuthenticatedContext {
  // A spread would read the getter and fork at once; copying the descriptors keeps it lazy and shared.
  return Object.defineProperties(
    { account },
    Object.getOwnPropertyDescriptors(context),
  ) as AuthenticatedContext;
}
