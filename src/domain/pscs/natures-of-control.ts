/*
 * Natures of control: the codes Companies House gives for how a person with significant control (or a registrable
 * beneficial owner of an overseas entity) holds control, in plain English. Every code is built from the same
 * parts (a right, a share band, the capacity it is held in, the kind of entity), so the words are composed from
 * those parts; a code outside that grammar is kept and described from its own words, never dropped, because
 * Companies House adds codes when the law changes.
 */

const BANDS = {
  '25-to-50-percent': 'more than 25% but not more than 50%',
  '50-to-75-percent': 'more than 50% but less than 75%',
  '75-to-100-percent': '75% or more',
  'more-than-25-percent': 'more than 25%',
} as const;

const CAPACITIES = {
  trust: ', as a trustee of a trust',
  firm: ', as a member of a firm that is not a legal person',
  'control-over-trust': ', through control over the trustees of a trust',
  'control-over-firm': ', through control over a firm',
} as const;

const SCOPES = {
  'limited-liability-partnership': 'the LLP',
  'registered-overseas-entity': 'the overseas entity',
} as const;

type Scope = keyof typeof SCOPES;

/** What each right says; `band` is the share band in words, `entity` what is controlled. */
const RIGHTS: Record<string, { banded: boolean; words: (band: string, entity: string) => string }> = {
  'ownership-of-shares': {
    banded: true,
    words: (band, entity) => `holds ${band} of the shares in ${entity}`,
  },
  'voting-rights': {
    banded: true,
    words: (band, entity) => `holds ${band} of the voting rights in ${entity}`,
  },
  'right-to-appoint-and-remove-directors': {
    banded: false,
    words: (_, entity) => `has the right to appoint or remove a majority of the directors of ${entity}`,
  },
  'right-to-appoint-and-remove-members': {
    banded: false,
    words: (_, entity) => `has the right to appoint or remove a majority of the members of ${entity}`,
  },
  'significant-influence-or-control': {
    banded: false,
    words: (_, entity) =>
      `has the right to exercise, or exercises, significant influence or control over ${entity}`,
  },
  'right-to-share-surplus-assets': {
    banded: true,
    words: (band, entity) => `has the right to ${band} of the surplus assets of ${entity} on a winding up`,
  },
  'part-right-to-share-surplus-assets': {
    banded: true,
    words: (band, entity) =>
      `has the right to share in ${band} of the surplus assets of ${entity} on a winding up`,
  },
  'right-to-appoint-and-remove-person': {
    banded: false,
    words: (_, entity) => `has the right to appoint or remove a majority of the persons who manage ${entity}`,
  },
  'registered-owner-as-nominee-person-england-wales': {
    banded: false,
    words: () => 'is the registered owner of land in England and Wales as a nominee for a person',
  },
  'registered-owner-as-nominee-person-scotland': {
    banded: false,
    words: () => 'is the registered owner of land in Scotland as a nominee for a person',
  },
  'registered-owner-as-nominee-person-northern-ireland': {
    banded: false,
    words: () => 'is the registered owner of land in Northern Ireland as a nominee for a person',
  },
  'registered-owner-as-nominee-another-entity-england-wales': {
    banded: false,
    words: () => 'is the registered owner of land in England and Wales as a nominee for another entity',
  },
  'registered-owner-as-nominee-another-entity-scotland': {
    banded: false,
    words: () => 'is the registered owner of land in Scotland as a nominee for another entity',
  },
  'registered-owner-as-nominee-another-entity-northern-ireland': {
    banded: false,
    words: () => 'is the registered owner of land in Northern Ireland as a nominee for another entity',
  },
};

/** Rights that only exist for partnerships registered in Scotland (no scope suffix, but not a company). */
const PARTNERSHIP_RIGHTS = new Set([
  'part-right-to-share-surplus-assets',
  'right-to-appoint-and-remove-person',
]);

const alternatives = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/-/g, '\\-'))
    .join('|');

const GRAMMAR = new RegExp(
  `^(${alternatives(Object.keys(RIGHTS))})` +
    `(?:-(${alternatives(Object.keys(BANDS))}))?` +
    `(?:-as-(${alternatives(Object.keys(CAPACITIES))}))?` +
    `(?:-(${alternatives(Object.keys(SCOPES))}))?$`,
);

/** The codes Companies House publishes today (psc_descriptions.yml and the PSC data it sends). */
export const NATURES_OF_CONTROL: readonly string[] = [
  ...['ownership-of-shares', 'voting-rights'].flatMap((right) =>
    ['25-to-50-percent', '50-to-75-percent', '75-to-100-percent'].flatMap((band) =>
      ['', '-as-trust', '-as-firm'].map((capacity) => `${right}-${band}${capacity}`),
    ),
  ),
  ...['right-to-appoint-and-remove-directors', 'significant-influence-or-control'].flatMap((right) =>
    ['', '-as-trust', '-as-firm'].map((capacity) => `${right}${capacity}`),
  ),
  ...['right-to-share-surplus-assets', 'voting-rights'].flatMap((right) =>
    ['25-to-50-percent', '50-to-75-percent', '75-to-100-percent'].flatMap((band) =>
      ['', '-as-trust', '-as-firm'].map(
        (capacity) => `${right}-${band}${capacity}-limited-liability-partnership`,
      ),
    ),
  ),
  ...['right-to-appoint-and-remove-members', 'significant-influence-or-control'].flatMap((right) =>
    ['', '-as-trust', '-as-firm'].map((capacity) => `${right}${capacity}-limited-liability-partnership`),
  ),
  ...['25-to-50-percent', '50-to-75-percent', '75-to-100-percent'].flatMap((band) =>
    ['', '-as-trust', '-as-firm'].map((capacity) => `part-right-to-share-surplus-assets-${band}${capacity}`),
  ),
  ...['', '-as-firm', '-as-trust'].map((capacity) => `right-to-appoint-and-remove-person${capacity}`),
  ...[
    'ownership-of-shares-more-than-25-percent',
    'voting-rights-more-than-25-percent',
    'right-to-appoint-and-remove-directors',
    'significant-influence-or-control',
  ].flatMap((right) =>
    ['', '-as-trust', '-as-firm', '-as-control-over-trust', '-as-control-over-firm'].map(
      (capacity) => `${right}${capacity}-registered-overseas-entity`,
    ),
  ),
  ...['person', 'another-entity'].flatMap((nominee) =>
    ['england-wales', 'scotland', 'northern-ireland'].map(
      (land) => `registered-owner-as-nominee-${nominee}-${land}-registered-overseas-entity`,
    ),
  ),
];

/** A code's own words, for a code this table does not know: "some-new-right" → "some new right". */
export function wordsOfCode(code: string): string {
  return code.replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

function composed(code: string): string | null {
  const parts = GRAMMAR.exec(code);
  if (!parts) return null;
  const [, right, band, capacity, scope] = parts;
  const rule = RIGHTS[right!]!;
  if (rule.banded !== (band !== undefined)) return null;
  const entity = scope
    ? SCOPES[scope as Scope]
    : PARTNERSHIP_RIGHTS.has(right!)
      ? 'the partnership'
      : 'the company';
  const bandWords = band ? BANDS[band as keyof typeof BANDS] : '';
  const capacityWords = capacity ? CAPACITIES[capacity as keyof typeof CAPACITIES] : '';
  return `${rule.words(bandWords, entity)}${capacityWords}`;
}

/** Plain-English words for a nature-of-control code, e.g. "holds 75% or more of the shares in the company". */
export function describeNatureOfControl(code: string): string {
  return composed(code) ?? `${wordsOfCode(code)} (a nature of control this service has no description for)`;
}

/** Whether the code is one this service composes words for (false: described from the code's own words). */
export function isDescribedNatureOfControl(code: string): boolean {
  return composed(code) !== null;
}
