import { EntitySchema } from '@mikro-orm/core';

/**
 * One KYB check as stored on the account (migration 0012): the whole result as JSON, and beside it the columns
 * listing filters on and what the check used, so an auditor can see which data it was decided on.
 */
export interface KybCheck {
  id: string;
  accountId: string;
  clientReference: string;
  statedCompanyName: string;
  /** The company checked; null when none could be identified. */
  companyNumber: string | null;
  outcome: string;
  decidedBy: string;
  /** JSON of the answer, exactly as first given. */
  result: string;
  /** When the register row the check read was last written. */
  companySnapshotAt: Date | null;
  sanctionsListVersionId: string | null;
  healthModelVersion: string | null;
  idempotencyKey: string | null;
  /** SHA-256 of the request as the check read it: a reused key with another request is refused. */
  requestHash: string;
  createdAt: Date;
}

export const KybCheckEntity = new EntitySchema<KybCheck>({
  name: 'KybCheck',
  tableName: 'kyb_checks',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string', fieldName: 'account_id' },
    clientReference: { type: 'string', fieldName: 'client_reference' },
    statedCompanyName: { type: 'text', fieldName: 'stated_company_name' },
    companyNumber: { type: 'string', fieldName: 'company_number', nullable: true },
    outcome: { type: 'string' },
    decidedBy: { type: 'string', fieldName: 'decided_by' },
    result: { type: 'text' },
    companySnapshotAt: { type: 'datetime', fieldName: 'company_snapshot_at', nullable: true },
    sanctionsListVersionId: { type: 'string', fieldName: 'sanctions_list_version_id', nullable: true },
    healthModelVersion: { type: 'string', fieldName: 'health_model_version', nullable: true },
    idempotencyKey: { type: 'string', fieldName: 'idempotency_key', nullable: true },
    requestHash: { type: 'string', fieldName: 'request_hash' },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
  },
});
