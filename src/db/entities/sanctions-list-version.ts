import { EntitySchema } from '@mikro-orm/core';

import type { SanctionsListId } from '../../domain/sanctions/sanctions-lists';

/**
 * One import of a sanctions list whose content differed from that list's version before it. The newest of a list
 * is its current version. `problems` is JSON: the first rejected records and warnings, each { place, error }
 * (versions imported before several lists were held say { line, error }).
 */
export interface SanctionsListVersion {
  id: number;
  listId: SanctionsListId;
  /** The publication's own date (ISO day): the UK's Report Date, the UN's and EU's generation date; OFAC: null. */
  publishedOn: string | null;
  /** SHA-256 of the file's bytes (of its files', for OFAC), hex: the same bytes again are the same version. */
  contentSha256: string;
  /** The file path or URL it was read from. */
  source: string;
  importedAt: Date;
  records: number;
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
    listId: { type: 'string', fieldName: 'list_id' },
    publishedOn: { type: 'string', fieldName: 'published_on', nullable: true },
    contentSha256: { type: 'string', fieldName: 'content_sha256' },
    source: { type: 'text' },
    importedAt: { type: 'datetime', fieldName: 'imported_at' },
    records: { type: 'integer' },
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
