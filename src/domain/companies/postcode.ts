import { ServiceError } from '../errors';

/*
 * UK postcodes are an outward code (area + district: "EC1V", "B1", "SW1A") and a three-character inward code
 * ("9HL"). The register stores each registered office postcode twice more, in forms an index can match: compact
 * (upper case, no spaces) and its outward code, because a search by outward code must find "SW1 1AA" but not
 * "SW11 1AA", which a plain string prefix would.
 */

const FULL = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
const OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const SECTOR = /^([A-Z]{1,2}\d[A-Z\d]?)(\d)$/;
const SPACED_SECTOR = /^([A-Z]{1,2}\d[A-Z\d]?)\s+(\d)$/;

export function compactPostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

/** Whether a postcode is a full one ("EC1V 9HL"); space and case do not matter. */
export function isFullPostcode(postcode: string): boolean {
  return FULL.test(compactPostcode(postcode));
}

/** The stored search keys of a registered office postcode; an unparseable postcode gets only its compact form. */
export function postcodeKeys(postcode: string | null): { compact: string | null; outward: string | null } {
  if (postcode === null) return { compact: null, outward: null };
  const compact = compactPostcode(postcode);
  if (compact === '') return { compact: null, outward: null };
  const full = FULL.exec(compact);
  return { compact, outward: full ? full[1]! : OUTWARD.test(compact) ? compact : null };
}

/** What a postcode filter matches: one postcode, every postcode in a sector ("EC1V 9"), or an outward code. */
export type PostcodeFilter =
  | { kind: 'full'; outward: string; compact: string }
  | { kind: 'sector'; outward: string; compactPrefix: string }
  | { kind: 'outward'; outward: string };

/** Reads a postcode filter as typed; space and case do not matter. Anything else is an invalid argument. */
export function parsePostcodeFilter(input: string): PostcodeFilter {
  const compact = compactPostcode(input);
  const full = FULL.exec(compact);
  if (full) return { kind: 'full', outward: full[1]!, compact };
  // Typed with its space, "SW1 1" is sector 1 of SW1; without it, "SW11" is the outward code SW11.
  const spacedSector = SPACED_SECTOR.exec(input.trim().toUpperCase());
  if (spacedSector) {
    return { kind: 'sector', outward: spacedSector[1]!, compactPrefix: spacedSector[1]! + spacedSector[2]! };
  }
  if (OUTWARD.test(compact)) return { kind: 'outward', outward: compact };
  const sector = SECTOR.exec(compact);
  if (sector) return { kind: 'sector', outward: sector[1]!, compactPrefix: compact };
  throw new ServiceError(
    'invalid_argument',
    `postcode: "${input}" is not a full postcode ("EC1V 9HL"), an outward code ("EC1V") or a sector ("EC1V 9")`,
    { argument: 'postcode' },
  );
}
