import { EntitySchema } from '@mikro-orm/core';

/**
 * One import of the UK Sanctions List whose content differed from the version before it. The newest is the
 * current list. `problems` is JSON: the first rejected rows and warnings, each { line, error }.
 */
export interface SanctionsListVersion {
  id: number;
  /** ISO day of the file's "Report Date" line. */
  reportDate: string;
  /** SHA-256 of the file's bytes, hex: the same bytes again are the same version. */
  contentSha256: string;
  /** The file path or URL it was read from. */
  source: string;
  importedAt: Date;
  rows: number;
  rejected: number;
  warnings: number;
  problems: string;
  designations: number;
  names: number;
  added: number;
  amended: number;
  removed: number;
}

export const SanctionsListVersionEntity = new EntitySchema<SanctionsListVersion>({
  name: 'SanctionsListVersion',
  tableName: 'sanctions_list_versions',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    reportDate: { type: 'string', fieldName: 'report_date' },
    contentSha256: { type: 'string', fieldName: 'content_sha256' },
    source: { type: 'text' },
    importedAt: { type: 'datetime', fieldName: 'imported_at' },
    rows: { type: 'integer' },
    rejected: { type: 'integer' },
    warnings: { type: 'integer' },
    problems: { type: 'text' },
    designations: { type: 'integer' },
    names: { type: 'integer' },
    added: { type: 'integer' },
    amended: { type: 'integer' },
    removed: { type: 'integer' },
  },
});
