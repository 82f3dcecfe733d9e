import type { EntitySchema } from '@mikro-orm/core';
import { SanctionsDesignationEntity } from './sanctions-designation';
import { SanctionsDesignationNameEntity } from './sanctions-designation-name';
import { SanctionsListChangeEntity } from './sanctions-list-change';
import { SanctionsListVersionEntity } from './sanctions-list-version';

/** The entities of the sanctions list (issue 12); registered in index.ts through this list so their work adds no edits there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const sanctionsEntities: EntitySchema<any>[] = [
  SanctionsListVersionEntity,
  SanctionsDesignationEntity,
  SanctionsDesignationNameEntity,
  SanctionsListChangeEntity,
];
