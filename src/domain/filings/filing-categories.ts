/**
 * The categories Companies House files filing history items under (the `category` of a filing history item and
 * the values its filing history search filters on). Stored items may carry others; these are the ones a caller
 * can filter by.
 */
export const filingCategories = [
  'accounts',
  'address',
  'annual-return',
  'auditors',
  'capital',
  'certificate',
  'change-of-constitution',
  'change-of-name',
  'confirmation-statement',
  'dissolution',
  'document-replacement',
  'gazette',
  'historical',
  'incorporation',
  'insolvency',
  'liquidation',
  'miscellaneous',
  'mortgage',
  'officers',
  'other',
  'persons-with-significant-control',
  'reregistration',
  'resolution',
  'restoration',
  'return',
  'social-housing',
] as const;
export type FilingCategory = (typeof filingCategories)[number];

const known = new Set<string>(filingCategories);

/**
 * A `category` argument (one category or a comma-separated list, spaces and case ignored) as a list without
 * repeats; `invalid` lists the values that are no category, so the caller can name them.
 */
export function parseCategoryList(raw: string): { categories: FilingCategory[]; invalid: string[] } {
  const values = [
    ...new Set(
      raw
        .split(',')
        .map((value) => value.trim().toLowerCase())
        .filter((value) => value !== ''),
    ),
  ];
  return {
    categories: values.filter((value): value is FilingCategory => known.has(value)),
    invalid: values.filter((value) => !known.has(value)),
  };
}
