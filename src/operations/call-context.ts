import type { EntityManager } from '@mikro-orm/core';
import type { Account } from '../db/entities/account';
import type { Services } from '../services';
import type { AuthenticatedContext, OperationContext } from './operation';

type CallFields = Omit<OperationContext, 'services' | 'em' | 'reads'>;

/**
 * The call's unit of work, forked from the ORM when the call first asks for it, not before: a call that only
 * reads through readRows (get_company, search) uses `reads` and never needs one, and a fork on every request cost
 * 8–17 % of a keyed get_company's throughput (bench:profile-keyed-call, docs/performance.md). One per call,
 * shared by the call's context with and without its account.
 */
class LazyUnitOfWork {
  private em: EntityManager | undefined;

  constructor(private readonly root: EntityManager) {}

  get(): EntityManager {
    return (this.em ??= this.root.fork());
  }
}

/**
 * The context of one call of an operation. A class rather than an object literal with a getter: it is built
 * on every request, and adding the account copied a literal's property descriptors (`withAccount` took 4 % of a
 * get_company in a CPU profile), where a class gives V8 one shape to build and read.
 */
export class CallContext implements OperationContext {
  readonly reads: EntityManager;
  readonly now: Date;
  readonly idempotencyKey: string | undefined;
  readonly clientAddress: string | undefined;

  constructor(
    readonly services: Services,
    fields: CallFields,
    protected readonly unitOfWork = new LazyUnitOfWork(services.orm.em),
  ) {
    this.reads = services.orm.em;
    this.now = fields.now;
    this.idempotencyKey = fields.idempotencyKey;
    this.clientAddress = fields.clientAddress;
  }

  get em(): EntityManager {
    return this.unitOfWork.get();
  }

  /** The same call with its caller's account: the unit of work stays this call's one (lazy) fork. */
  withAccount(account: Account): AuthenticatedContext {
    return new AuthenticatedCallContext(this.services, this, this.unitOfWork, account);
  }
}

class AuthenticatedCallContext extends CallContext implements AuthenticatedContext {
  constructor(
    services: Services,
    fields: CallFields,
    unitOfWork: LazyUnitOfWork,
    readonly account: Account,
  ) {
    super(services, fields, unitOfWork);
  }
}

export function callContext(services: Services, fields: CallFields): CallContext {
  return new CallContext(services, fields);
}

/** The same call with its caller's account: the unit of work stays the one (lazy) fork of `context`. */
export function withAccount(context: CallContext, account: Account): AuthenticatedContext {
  return context.withAccount(account);
}
