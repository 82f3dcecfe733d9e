import { toAsciiUpper } from '../../src/domain/sanctions/matching/normalise-name';

/*
 * Whether a screened person bears a listed name word for word: the same words in any order (Companies House
 * writes "SURNAME, Forenames", the list "Forenames SURNAME"), case, accents, script and punctuation aside. Such a
 * person is a namesake any matcher flags; a flag on anything else is the matcher's own reading of a variant.
 */

function words(name: string): string {
  return toAsciiUpper(name)
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '')
    .sort()
    .join(' ');
}

export function sameFullName(subject: string, listed: string): boolean {
  const a = words(subject);
  return a !== '' && a === words(listed);
}
