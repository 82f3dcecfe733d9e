import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { dialectOf } from '../../domain/companies/register-sql';

/*
 * oidc-provider's storage (its Adapter interface) on oauth_records (migration 0033), so that every api process
 * sees the same clients, grants, codes and tokens. Each model is a JSON payload under (model, id); the columns
 * beside it are the ones looked up by.
 */

type Payload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  accountId?: string;
  consumed?: number;
};

/** Timestamps are bound as epoch milliseconds on SQLite (as the ORM stores them) and as dates on PostgreSQL. */
function at(em: EntityManager, time: Date): Date | number {
  return dialectOf(em) === 'postgresql' ? time : time.getTime();
}

export interface OAuthAdapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/** The adapter class oidc-provider instantiates once per model name, bound to the service's database. */
export function oauthAdapterClass(orm: MikroORM, clock: () => Date): new (model: string) => OAuthAdapter {
  return class DatabaseAdapter implements OAuthAdapter {
    constructor(private readonly model: string) {}

    private em(): EntityManager {
      return orm.em.fork();
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const em = this.em();
      const now = clock();
      const expiresAt = expiresIn ? at(em, new Date(now.getTime() + expiresIn * 1000)) : null;
      const connection = em.getConnection();
      // Expired rows of this model go as the next one is written, so the table stays the size of its use.
      await connection.execute(
        'delete from oauth_records where model = ? and expires_at is not null and expires_at <= ?',
        [this.model, at(em, now)],
        'run',
      );
      await connection.execute(
        'insert into oauth_records (model, id, payload, grant_id, uid, subject, expires_at, consumed_at) ' +
          'values (?, ?, ?, ?, ?, ?, ?, null) on conflict (model, id) do update set payload = excluded.payload, ' +
          'grant_id = excluded.grant_id, uid = excluded.uid, subject = excluded.subject, ' +
          'expires_at = excluded.expires_at',
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.uid ?? null,
          this.model === 'Grant' ? (payload.accountId ?? null) : null,
          expiresAt,
        ],
        'run',
      );
    }

    private async findWhere(column: 'id' | 'uid', value: string): Promise<Payload | undefined> {
      const em = this.em();
      const rows = await em
        .getConnection()
        .execute<{ payload: string; consumed_at: unknown; expires_at: unknown }[]>(
          `select payload, consumed_at, expires_at from oauth_records where model = ? and ${column} = ? ` +
            'and (expires_at is null or expires_at > ?)',
          [this.model, value, at(em, clock())],
          'all',
        );
      const [row] = rows;
      if (!row) return undefined;
      const payload = JSON.parse(row.payload) as Payload;
      if (row.consumed_at !== null && row.consumed_at !== undefined)
        payload.consumed = Math.floor(new Date(row.consumed_at as string).getTime() / 1000);
      return payload;
    }

    find(id: string): Promise<Payload | undefined> {
      return this.findWhere('id', id);
    }

    findByUid(uid: string): Promise<Payload | undefined> {
      return this.findWhere('uid', uid);
    }

    // The device flow is not enabled: there are no user codes.
    async findByUserCode(): Promise<Payload | undefined> {
      return undefined;
    }

    async consume(id: string): Promise<void> {
      const em = this.em();
      await em
        .getConnection()
        .execute(
          'update oauth_records set consumed_at = ? where model = ? and id = ?',
          [at(em, clock()), this.model, id],
          'run',
        );
    }

    async destroy(id: string): Promise<void> {
      await this.em()
        .getConnection()
        .execute('delete from oauth_records where model = ? and id = ?', [this.model, id], 'run');
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await this.em()
        .getConnection()
        .execute('delete from oauth_records where grant_id = ?', [grantId], 'run');
    }
  };
}

export interface ConnectedClient {
  grantId: string;
  clientId: string;
  clientName: string | null;
  redirectHost: string | null;
}

/** The grants the account's keys hold (its connected clients), each with the client it was given to. */
export async function connectedClients(
  em: EntityManager,
  accountId: string,
  now: Date,
): Promise<ConnectedClient[]> {
  const connection = em.getConnection();
  const grants = await connection.execute<{ id: string; payload: string }[]>(
    'select g.id, g.payload from oauth_records g join api_keys k on k.id = g.subject ' +
      "where g.model = 'Grant' and k.account_id = ? and (g.expires_at is null or g.expires_at > ?) order by g.id",
    [accountId, at(em, now)],
    'all',
  );
  const connected: ConnectedClient[] = [];
  for (const row of grants) {
    const { clientId } = JSON.parse(row.payload) as { clientId: string };
    const [client] = await connection.execute<{ payload: string }[]>(
      "select payload from oauth_records where model = 'Client' and id = ?",
      [clientId],
      'all',
    );
    const metadata = client
      ? (JSON.parse(client.payload) as { client_name?: string; redirect_uris?: string[] })
      : {};
    const redirect = metadata.redirect_uris?.[0];
    connected.push({
      grantId: row.id,
      clientId,
      clientName: metadata.client_name ?? null,
      redirectHost: redirect ? new URL(redirect).host : null,
    });
  }
  return connected;
}

/** Whether the grant is one of the account's (so the account may revoke it). */
export async function grantOfAccount(
  em: EntityManager,
  grantId: string,
  accountId: string,
): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<unknown[]>(
      "select g.id from oauth_records g join api_keys k on k.id = g.subject where g.model = 'Grant' and g.id = ? " +
        'and k.account_id = ?',
      [grantId, accountId],
      'all',
    );
  return rows.length > 0;
}

/** Withdraws a grant: the grant and every code, access token and refresh token issued under it. */
export async function revokeGrant(em: EntityManager, grantId: string): Promise<void> {
  await em
    .getConnection()
    .execute(
      "delete from oauth_records where grant_id = ? or (model = 'Grant' and id = ?)",
      [grantId, grantId],
      'run',
    );
}
