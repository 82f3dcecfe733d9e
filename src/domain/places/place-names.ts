/*
 * Places are named by the ONS ("Bristol, City of", "St. Helens", "Yorkshire and The Humber"). People type them
 * with other case, spacing and punctuation; matching is on the name with those taken out, and nothing more:
 * "City of Bristol" is not "Bristol, City of", and a near miss is refused, never guessed.
 */
export function placeNameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
