import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { PostcodePlaceEntity } from '../../db/entities/postcode-place';
import { compactPostcode } from '../companies/postcode';
import { itl1CodeSchema, itl1Region } from './itl1-regions';

/** Where a registered office is, by its postcode in the ONS postcode lookup (docs/places.md). */
export const registeredOfficePlaceSchema = z
  .object({
    postcode: z
      .string()
      .describe('The postcode as the ONS lookup writes it (outward code, space, inward code)'),
    region: z
      .object({ code: itl1CodeSchema, name: z.string() })
      .nullable()
      .describe(
        'UK ITL1 region; null when the postcode is in none (Channel Islands, Isle of Man) or the lookup gives none',
      ),
    local_authority: z
      .object({
        code: z.string().describe('ONS local authority district code, e.g. E08000003'),
        name: z
          .string()
          .nullable()
          .describe('Its name; null when no names file was imported with the lookup'),
      })
      .nullable()
      .describe('Local authority district; null when the lookup gives none'),
  })
  .describe(
    'Region and local authority of the registered office, from its postcode in the ONS postcode lookup; null ' +
      'when the company has no postcode or the lookup does not know it (never guessed from the address)',
  );
export type RegisteredOfficePlace = z.infer<typeof registeredOfficePlaceSchema>;

/** The place of a postcode, or null when there is no postcode or the lookup does not hold it. */
export async function placeOfPostcode(
  em: EntityManager,
  postcode: string | null,
): Promise<RegisteredOfficePlace | null> {
  if (postcode === null) return null;
  const compact = compactPostcode(postcode);
  // The key is at most 7 characters: anything longer is no postcode the lookup can hold.
  if (compact === '' || compact.length > 7) return null;
  const row = await em.findOne(PostcodePlaceEntity, { postcodeCompact: compact });
  if (row === null) return null;
  const region = row.regionCode === null ? undefined : itl1Region(row.regionCode);
  return {
    postcode: row.postcode,
    region: region === undefined ? null : { code: region.code, name: region.name },
    local_authority:
      row.localAuthorityCode === null ? null : { code: row.localAuthorityCode, name: row.localAuthorityName },
  };
}
