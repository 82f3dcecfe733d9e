import { EntitySchema, OptionalProps } from '@mikro-orm/core';

export const screeningMatchStatuses = ['open', 'confirmed', 'false_positive', 'delisted'] as const;
export type ScreeningMatchStatus = (typeof screeningMatchStatuses)[number];

/**
 * A potential match found by ongoing screening (migration 0028): one per account, company, list, designation and
 * screened subject, never twice (unique key screening_matches_once). `designation` and `explanation` are JSON as
 * the matcher gave them when the match was found, so a match stays readable after its designation is removed.
 * `decidedBy` is the account that recorded the decision (callers are known to the service by their account).
 */
export interface ScreeningMatch {
  [OptionalProps]?: 'id';
  id: number;
  accountId: string;
  companyNumber: string;
  /** As the register named the company when the match was found. */
  companyName: string;
  sanctionsList: string;
  uniqueId: string;
  subjectKey: string;
  subjectRole: string;
  subjectKind: string;
  subjectName: string;
  versionId: number;
  score: number;
  threshold: number;
  designation: string;
  explanation: string;
  status: ScreeningMatchStatus;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
  delistedInVersion: number | null;
  eventId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ScreeningMatchEntity = new EntitySchema<ScreeningMatch>({
  name: 'ScreeningMatch',
  tableName: 'screening_matches',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    accountId: { type: 'string', fieldName: 'account_id' },
    companyNumber: { type: 'string', fieldName: 'company_number' },
    companyName: { type: 'text', fieldName: 'company_name' },
    sanctionsList: { type: 'string', fieldName: 'sanctions_list' },
    uniqueId: { type: 'string', fieldName: 'unique_id' },
    subjectKey: { type: 'string', fieldName: 'subject_key' },
    subjectRole: { type: 'string', fieldName: 'subject_role' },
    subjectKind: { type: 'string', fieldName: 'subject_kind' },
    subjectName: { type: 'text', fieldName: 'subject_name' },
    versionId: { type: 'integer', fieldName: 'version_id' },
    score: { type: 'double' },
    threshold: { type: 'double' },
    designation: { type: 'text' },
    explanation: { type: 'text' },
    status: { type: 'string' },
    decidedBy: { type: 'string', fieldName: 'decided_by', nullable: true },
    decidedAt: { type: 'datetime', fieldName: 'decided_at', nullable: true },
    decisionNote: { type: 'text', fieldName: 'decision_note', nullable: true },
    delistedInVersion: { type: 'integer', fieldName: 'delisted_in_version', nullable: true },
    eventId: { type: 'string', fieldName: 'event_id', nullable: true },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});
