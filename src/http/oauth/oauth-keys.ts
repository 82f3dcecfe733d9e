import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { dialectOf } from '../../domain/companies/register-sql';

/*
 * The authorization server's secrets, kept in oauth_signing_keys (migration 0033) so that every api process signs
 * and checks with the same ones and a restart keeps them: the private JWK it signs with, and the key its
 * interaction cookies are signed with. The first process to start writes each; a process that loses that race
 * reads the winner's.
 */

const SIGNING_KID = 'signing-1';
const COOKIE_KID = 'cookies-1';

export interface OAuthSecrets {
  signingJwk: Record<string, unknown>;
  cookieKeys: string[];
}

async function storedOrNew(em: EntityManager, kid: string, make: () => Record<string, unknown>) {
  const connection = em.getConnection();
  const now = dialectOf(em) === 'postgresql' ? new Date() : Date.now();
  await connection.execute(
    'insert into oauth_signing_keys (kid, jwk, created_at) values (?, ?, ?) on conflict (kid) do nothing',
    [kid, JSON.stringify(make()), now],
    'run',
  );
  const [row] = await connection.execute<{ jwk: string }[]>(
    'select jwk from oauth_signing_keys where kid = ?',
    [kid],
    'all',
  );
  return JSON.parse(row!.jwk) as Record<string, unknown>;
}

export async function oauthSecrets(em: EntityManager): Promise<OAuthSecrets> {
  const signingJwk = await storedOrNew(em, SIGNING_KID, () => ({
    ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
    kid: SIGNING_KID,
    alg: 'ES256',
    use: 'sig',
  }));
  const cookie = await storedOrNew(em, COOKIE_KID, () => ({ k: randomBytes(32).toString('base64url') }));
  return { signingJwk, cookieKeys: [cookie.k as string] };
}
