import { z } from 'zod';

/*
 * A registry number as evidence of identity: which registry issued it (scheme), its canonical form (value) and
 * the text it was read from (as_written), so a reviewer sees both what was compared and what was published.
 * Two identifiers are the same only within one scheme: INN 7707083893 and a Companies House number with the
 * same digits are different things.
 */

/**
 * gb-coh: a Companies House company number (8 characters); ru-inn: a Russian taxpayer number (10 digits for an
 * organisation, 12 for a person); ru-ogrn: a Russian state registration number (13 digits, 15 for a sole
 * trader); imo: an IMO ship number (7 digits); tax-id: a tax number whose country the text does not say.
 */
export const identifierSchemes = ['gb-coh', 'ru-inn', 'ru-ogrn', 'imo', 'tax-id'] as const;
export type IdentifierScheme = (typeof identifierSchemes)[number];

export const identifierSchema = z.object({
  scheme: z.enum(identifierSchemes),
  value: z.string().min(1),
  as_written: z.string().min(1),
});
export type Identifier = z.infer<typeof identifierSchema>;

/** The lookup key of an identifier: `gb-coh:01234567`, `imo:9123456`. */
export function identifierKey(identifier: Pick<Identifier, 'scheme' | 'value'>): string {
  return `${identifier.scheme}:${identifier.value}`;
}

/** What a reviewer reads for each scheme. */
export const IDENTIFIER_SCHEME_LABELS: Record<IdentifierScheme, string> = {
  'gb-coh': 'Companies House number',
  'ru-inn': 'INN',
  'ru-ogrn': 'OGRN',
  imo: 'IMO number',
  'tax-id': 'tax ID',
};

/** Each identifier once (by key), in the order first seen. */
export function distinctIdentifiers(identifiers: readonly Identifier[]): Identifier[] {
  const seen = new Set<string>();
  return identifiers.filter((identifier) => {
    const key = identifierKey(identifier);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
