import type { EntitySchema } from '@mikro-orm/core';
import { KybCheckEntity } from './kyb-check';

/** The entities of stored KYB checks (issue 12); registered in index.ts through this list so their work adds no edits there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const kybEntities: EntitySchema<any>[] = [KybCheckEntity];
