import type { EntitySchema } from '@mikro-orm/core';
import { CompanyLatestFiguresEntity } from './company-latest-figures';

/** The entities of latest figures per company (issue 11); registered in index.ts through this list so their work adds no edits there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const figuresEntities: EntitySchema<any>[] = [CompanyLatestFiguresEntity];
