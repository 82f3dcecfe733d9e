import type { EntitySchema } from '@mikro-orm/core';
import { CompanyFetchEntity } from './company-fetch';

/** The entities of live Companies House data (issue 13); registered in index.ts through this list so their work adds no edits there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const companiesHouseEntities: EntitySchema<any>[] = [CompanyFetchEntity];
