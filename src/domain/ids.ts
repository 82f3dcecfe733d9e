import { randomBytes } from 'node:crypto';

// Prefixed, unguessable ids (acc_…, key_…) so a value says what it identifies in logs and support mail.
export function newId(prefix: string, bytes = 12): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}
