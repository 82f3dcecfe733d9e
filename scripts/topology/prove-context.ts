import { Client, Connection } from '@temporalio/client';
import { createAccount } from '../../src/domain/accounts/accounts';
import type { PlanName } from '../../src/domain/accounts/plans';
import { openDatabase, type Orm } from '../../src/db/orm';
import type { TopologyState } from './topology-state';

// What every proof works with: the running topology (its state), the app database (to make accounts and
// register changes, as the operator CLI would) and the Temporal cluster (to look at Schedules and histories).

export interface ProofContext {
  state: TopologyState;
  orm: Orm;
  temporal: Client;
  /** A fresh account on the plan, and its API key. */
  account(plan: PlanName, label: string): Promise<{ accountId: string; apiKey: string }>;
  close(): Promise<void>;
}

export async function openProofContext(state: TopologyState): Promise<ProofContext> {
  if (!state.temporal) throw new Error('the topology has no Temporal server running');
  const orm = await openDatabase({ kind: 'postgresql', url: state.appDatabaseUrl });
  const connection = await Connection.connect({ address: state.temporal.address });
  const temporal = new Client({ connection, namespace: state.temporal.namespace });
  return {
    state,
    orm,
    temporal,
    async account(plan, label) {
      const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const { account, apiKey } = await createAccount(orm.em.fork(), { email, plan }, new Date());
      return { accountId: account.id, apiKey: apiKey.key };
    },
    async close() {
      await connection.close();
      await orm.close();
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** One call to an api process with the account's key, the JSON answer parsed. */
export async function callApi<T = unknown>(
  apiUrl: string,
  method: string,
  path: string,
  apiKey: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      'X-Api-Key': apiKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A proof's checks, printed as they are made; a proof passes when every check held and nothing threw. */
export class ProofReport {
  readonly failures: string[] = [];
  private readonly started = Date.now();

  constructor(readonly name: string) {
    console.log(`[prove] ${name}`);
  }

  check(what: string, held: boolean, detail?: string): boolean {
    console.log(`[prove]   ${held ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
    if (!held) this.failures.push(what);
    return held;
  }

  note(what: string): void {
    console.log(`[prove]        ${what}`);
  }

  seconds(): number {
    return Math.round((Date.now() - this.started) / 100) / 10;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
