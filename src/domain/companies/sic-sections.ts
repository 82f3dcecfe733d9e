import { z } from 'zod';

/*
 * The sections (A–U) of the UK Standard Industrial Classification 2007 and the two-digit divisions each holds, as
 * the ONS publishes them. A five-digit SIC code belongs to the division of its first two digits, and so to that
 * division's section: 62020 is division 62, section J. Divisions are not contiguous numbers (there is no 04, 34,
 * 40, 44, 48, 54, 57, 67, 76, 83 or 89), so the table lists ranges and membership is checked, never assumed.
 */

export const sicSectionLetters = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U',
] as const; // prettier-ignore
export const sicSectionSchema = z.enum(sicSectionLetters);
export type SicSection = z.infer<typeof sicSectionSchema>;

export interface SicSectionDefinition {
  section: SicSection;
  title: string;
  /** Inclusive, as two-digit numbers. */
  divisions: readonly [first: number, last: number];
}

export const SIC_SECTIONS: readonly SicSectionDefinition[] = [
  { section: 'A', title: 'Agriculture, forestry and fishing', divisions: [1, 3] },
  { section: 'B', title: 'Mining and quarrying', divisions: [5, 9] },
  { section: 'C', title: 'Manufacturing', divisions: [10, 33] },
  { section: 'D', title: 'Electricity, gas, steam and air conditioning supply', divisions: [35, 35] },
  {
    section: 'E',
    title: 'Water supply; sewerage, waste management and remediation activities',
    divisions: [36, 39],
  },
  { section: 'F', title: 'Construction', divisions: [41, 43] },
  {
    section: 'G',
    title: 'Wholesale and retail trade; repair of motor vehicles and motorcycles',
    divisions: [45, 47],
  },
  { section: 'H', title: 'Transportation and storage', divisions: [49, 53] },
  { section: 'I', title: 'Accommodation and food service activities', divisions: [55, 56] },
  { section: 'J', title: 'Information and communication', divisions: [58, 63] },
  { section: 'K', title: 'Financial and insurance activities', divisions: [64, 66] },
  { section: 'L', title: 'Real estate activities', divisions: [68, 68] },
  { section: 'M', title: 'Professional, scientific and technical activities', divisions: [69, 75] },
  { section: 'N', title: 'Administrative and support service activities', divisions: [77, 82] },
  {
    section: 'O',
    title: 'Public administration and defence; compulsory social security',
    divisions: [84, 84],
  },
  { section: 'P', title: 'Education', divisions: [85, 85] },
  { section: 'Q', title: 'Human health and social work activities', divisions: [86, 88] },
  { section: 'R', title: 'Arts, entertainment and recreation', divisions: [90, 93] },
  { section: 'S', title: 'Other service activities', divisions: [94, 96] },
  {
    section: 'T',
    title:
      'Activities of households as employers; undifferentiated goods- and services-producing activities of ' +
      'households for own use',
    divisions: [97, 98],
  },
  { section: 'U', title: 'Activities of extraterritorial organisations and bodies', divisions: [99, 99] },
];

/**
 * Companies House's "99999 Dormant Company" is not a SIC 2007 activity, though its digits fall in division 99
 * (extraterritorial organisations): it belongs to no division and no section.
 */
export const DORMANT_COMPANY_SIC = '99999';

const pad = (division: number) => String(division).padStart(2, '0');

/** Every SIC 2007 division as its two digits, in order. */
export const SIC_DIVISIONS: readonly string[] = SIC_SECTIONS.flatMap(({ divisions: [first, last] }) =>
  Array.from({ length: last - first + 1 }, (_, k) => pad(first + k)),
);

const SECTION_OF_DIVISION = new Map<string, SicSectionDefinition>(
  SIC_SECTIONS.flatMap((definition) => {
    const [first, last] = definition.divisions;
    return Array.from({ length: last - first + 1 }, (_, k) => [pad(first + k), definition] as const);
  }),
);

export function isSicDivision(division: string): boolean {
  return SECTION_OF_DIVISION.has(division);
}

/** The section of a SIC code (4 or 5 digits) or a division (2 digits); null when it is in none. */
export function sicSectionOf(code: string): SicSectionDefinition | null {
  if (!/^\d{2}(\d{2,3})?$/.test(code) || code === DORMANT_COMPANY_SIC) return null;
  return SECTION_OF_DIVISION.get(code.slice(0, 2)) ?? null;
}

export function sicSectionDefinition(section: SicSection): SicSectionDefinition {
  return SIC_SECTIONS.find((definition) => definition.section === section)!;
}

/** The divisions of a section, as two digits each. */
export function divisionsOfSection(section: SicSection): string[] {
  const [first, last] = sicSectionDefinition(section).divisions;
  return Array.from({ length: last - first + 1 }, (_, k) => pad(first + k));
}
