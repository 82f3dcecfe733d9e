import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { chosenSanctionsLists } from './account-sanctions-lists';
import { currentListVersions, versionSummary } from './sanctions-list';
import { SANCTIONS_LISTS, sanctionsListIdSchema, sanctionsListIds } from './sanctions-lists';

/*
 * Every sanctions list this service knows, whether it is held (its current version) and whether the account's
 * screens use it: what GET /sanctions/lists answers and the account's choice page shows.
 */

export const sanctionsListViewSchema = z.object({
  list: sanctionsListIdSchema,
  name: z.string(),
  publisher: z.string(),
  current_version: z
    .object({
      id: z.number().int(),
      published_on: z.string().nullable(),
      content_sha256: z.string(),
      source: z.string(),
      imported_at: z.string(),
      designations: z.number().int(),
      added: z.number().int(),
      amended: z.number().int(),
      removed: z.number().int(),
    })
    .nullable()
    .describe('The version held now; null when this service holds no version of the list'),
  screened: z
    .boolean()
    .describe('Whether the account’s screens use it now: held, and chosen (or no choice made)'),
});

export const sanctionsListsViewSchema = z.object({
  lists: z.array(sanctionsListViewSchema),
  chosen: z
    .array(sanctionsListIdSchema)
    .nullable()
    .describe('The lists the account chose; null: no choice made, every list held is screened'),
});
export type SanctionsListsView = z.infer<typeof sanctionsListsViewSchema>;

export async function sanctionsListsView(em: EntityManager, accountId: string): Promise<SanctionsListsView> {
  const versions = new Map((await currentListVersions(em)).map((version) => [version.listId, version]));
  const chosen = await chosenSanctionsLists(em, accountId);
  return {
    lists: sanctionsListIds.map((list) => {
      const version = versions.get(list);
      const summary = version === undefined ? null : versionSummary(version);
      return {
        list,
        name: SANCTIONS_LISTS[list].name,
        publisher: SANCTIONS_LISTS[list].publisher,
        current_version:
          summary === null
            ? null
            : {
                id: summary.id,
                published_on: summary.published_on,
                content_sha256: summary.content_sha256,
                source: summary.source,
                imported_at: summary.imported_at,
                designations: summary.designations,
                added: summary.added,
                amended: summary.amended,
                removed: summary.removed,
              },
        screened: summary !== null && (chosen === null || chosen.includes(list)),
      };
    }),
    chosen,
  };
}
