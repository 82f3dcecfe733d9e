import type { EntityManager } from '@mikro-orm/core';
import { ServiceError } from '../errors';
import { knexOf } from '../companies/register-sql';
import { describeItl1Regions, ITL1_REGIONS, type Itl1Code } from './itl1-regions';
import { LOCAL_AUTHORITY_CODE } from './local-authority-code';
import { placeNameKey } from './place-names';

/*
 * The `region` and `local_authority` arguments of the tools that filter by place, read into filters on
 * postcode_places (joined on companies.postcode_compact). Anything unknown is invalid_argument naming the
 * argument: a filter that silently matched nothing would read as "no such companies".
 */

/** A filter on one indexed column of postcode_places: the company's place is any of `values`. */
export interface PlaceFilter {
  column: 'region_code' | 'local_authority_code';
  values: string[];
}

const regionsByKey = new Map<string, Itl1Code>();
for (const region of ITL1_REGIONS) {
  regionsByKey.set(region.code.toLowerCase(), region.code);
  regionsByKey.set(placeNameKey(region.name), region.code);
  regionsByKey.set(region.onsCode.toLowerCase(), region.code);
}

/** An ITL1 code (TLD), a region's name ("North West", any case) or the ONS code it comes from (E12000002). */
export function parseRegionArgument(input: string, argument = 'region'): PlaceFilter {
  const code = regionsByKey.get(placeNameKey(input));
  if (code === undefined) {
    throw new ServiceError(
      'invalid_argument',
      `${argument}: "${input}" is not a UK ITL1 region; use a code or name: ${describeItl1Regions()}`,
      { argument },
    );
  }
  return { column: 'region_code', values: [code] };
}

export type LocalAuthorityArgument = { kind: 'code'; code: string } | { kind: 'name'; nameKey: string };

/** An ONS local authority code (E08000003, any case) or a name ("Manchester"), before it is looked up. */
export function parseLocalAuthorityArgument(
  input: string,
  argument = 'local_authority',
): LocalAuthorityArgument {
  const trimmed = input.trim();
  if (LOCAL_AUTHORITY_CODE.test(trimmed.toUpperCase())) return { kind: 'code', code: trimmed.toUpperCase() };
  const nameKey = placeNameKey(trimmed);
  if (nameKey === '') {
    throw new ServiceError('invalid_argument', `${argument}: give an ONS code or a name`, { argument });
  }
  return { kind: 'name', nameKey };
}

/**
 * The filter for a local_authority argument. A code must be one the postcode lookup uses; a name must be one the
 * names file gives, after normalising (several codes when the store holds more than one release's code for it).
 */
export async function resolveLocalAuthorityFilter(
  em: EntityManager,
  input: string,
  argument = 'local_authority',
): Promise<PlaceFilter> {
  const parsed = parseLocalAuthorityArgument(input, argument);
  const knex = knexOf(em);
  if (parsed.kind === 'code') {
    const known = await knex('postcode_places')
      .select('local_authority_code')
      .where({ local_authority_code: parsed.code })
      .first();
    if (known === undefined) {
      throw new ServiceError(
        'invalid_argument',
        `${argument}: no postcode in the lookup is in local authority ${parsed.code}`,
        { argument },
      );
    }
    return { column: 'local_authority_code', values: [parsed.code] };
  }
  const rows = (await knex('local_authorities')
    .select('code')
    .where({ name_key: parsed.nameKey })
    .orderBy('code')) as { code: string }[];
  if (rows.length === 0) {
    throw new ServiceError(
      'invalid_argument',
      `${argument}: no local authority is named "${input.trim()}"; give the name as the ONS writes it ` +
        '(e.g. "Manchester", "Bristol, City of") or its ONS code (e.g. E08000003)',
      { argument },
    );
  }
  return { column: 'local_authority_code', values: rows.map((row) => row.code) };
}
