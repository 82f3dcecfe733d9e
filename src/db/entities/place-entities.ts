import type { EntitySchema } from '@mikro-orm/core';
import { LocalAuthorityEntity } from './local-authority';
import { PostcodePlaceEntity } from './postcode-place';

/** The entities of postcode places (issue 11); registered in index.ts through this list so their work adds no edits there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const placeEntities: EntitySchema<any>[] = [PostcodePlaceEntity, LocalAuthorityEntity];
