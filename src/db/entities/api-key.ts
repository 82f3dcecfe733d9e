import { EntitySchema } from '@mikro-orm/core';

/** Only a SHA-256 hash of the key is stored; the key itself is shown once, at creation. */
export interface ApiKey {
  id: string;
  accountId: string;
  /** The first characters of the key, safe to show so a user can tell keys apart. */
  prefix: string;
  keyHash: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export const ApiKeyEntity = new EntitySchema<ApiKey>({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string', fieldName: 'account_id' },
    prefix: { type: 'string' },
    keyHash: { type: 'string', fieldName: 'key_hash', unique: true },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    revokedAt: { type: 'datetime', fieldName: 'revoked_at', nullable: true },
  },
});
