import { z } from 'zod';
import {
  MEASURE_NAMES,
  measureSourceSchema,
  measuresProblemSchema,
  measuresSchema,
  type MeasureName,
  type Measures,
  type MeasuresProblem,
} from './accounts-measures';

/*
 * One year of accounts figures as the API shows it. The store keeps each measure with the facts it was read
 * from (the reader's Measures, as JSON); the view splits that into plain figures and their sources, so a
 * caller reading numbers does not wade through fact names.
 */

const isoDate = z.iso.date();

export const accountsOrigins = ['filed', 'scanned', 'comparative'] as const;
export const accountsBases = ['company', 'group'] as const;
export const accountsBasisSchema = z.enum(accountsBases);
export type AccountsBasis = z.infer<typeof accountsBasisSchema>;

const figure = z.number().nullable();
export const figuresSchema = z
  .object(
    Object.fromEntries(MEASURE_NAMES.map((name) => [name, figure])) as Record<MeasureName, typeof figure>,
  )
  .describe(
    'Whole pounds as filed (employees: average head count); null when the document does not state it. ' +
      'Creditors are positive amounts owed; a loss or net liabilities is negative.',
  );
export type Figures = z.infer<typeof figuresSchema>;

const sourceList = z.array(measureSourceSchema);
export const figureSourcesSchema = z
  .object(
    Object.fromEntries(MEASURE_NAMES.map((name) => [name, sourceList])) as Record<
      MeasureName,
      typeof sourceList
    >,
  )
  .describe(
    'For each figure, the tagged facts it was read from: fact name, context id, line in the document',
  );
export type FigureSources = z.infer<typeof figureSourcesSchema>;

export const accountsDocumentSchema = z.object({
  kind: z
    .enum(['inline_xbrl', 'paper_filing'])
    .describe('inline_xbrl: an electronically filed accounts document; paper_filing: a scanned paper filing'),
  name: z.string().describe('File name of the document, or the filing’s transaction id for a paper filing'),
  period_end: isoDate.nullable().describe('The year end the document itself reports'),
  problems: z
    .array(measuresProblemSchema)
    .describe(
      'What the reader left out of the document and why (e.g. one figure tagged with two values): a figure it ' +
        'names is null rather than guessed',
    ),
});

export const accountsYearViewSchema = z.object({
  period_end: isoDate,
  period_start: isoDate.nullable(),
  origin: z
    .enum(accountsOrigins)
    .describe(
      'filed: the year a document reports; comparative: a prior year restated in a later document, shown while ' +
        'no document of its own is held; scanned: a year known only from a paper filing, every figure null',
    ),
  basis: accountsBasisSchema.describe('group: consolidated figures; company: the company alone'),
  profit_and_loss_filed: z
    .boolean()
    .nullable()
    .describe('False for balance-sheet-only filings (micro-entity, abridged); null for a scanned year'),
  accounts_type: z.string().nullable(),
  accounting_standard: z.string().nullable(),
  document: accountsDocumentSchema,
  figures: figuresSchema,
  sources: figureSourcesSchema,
});
export type AccountsYearView = z.infer<typeof accountsYearViewSchema>;

export function figuresOf(measures: Measures): Figures {
  return Object.fromEntries(MEASURE_NAMES.map((name) => [name, measures[name].value])) as Figures;
}

export function sourcesOf(measures: Measures): FigureSources {
  return Object.fromEntries(MEASURE_NAMES.map((name) => [name, measures[name].sources])) as FigureSources;
}

export function emptyFigures(): { figures: Figures; sources: FigureSources } {
  return {
    figures: Object.fromEntries(MEASURE_NAMES.map((name) => [name, null])) as Figures,
    sources: Object.fromEntries(
      MEASURE_NAMES.map((name): [MeasureName, FigureSources[MeasureName]] => [name, []]),
    ) as FigureSources,
  };
}

/** A stored problems column back as the reader's problems. */
export function parseStoredProblems(json: string): MeasuresProblem[] {
  return z.array(measuresProblemSchema).parse(JSON.parse(json));
}

/** A stored measures column back as the reader's Measures; a column that does not parse is a bug, so it throws. */
export function parseStoredMeasures(json: string): Measures {
  return measuresSchema.parse(JSON.parse(json));
}

/** Newest first; at one year end the company year before the group year (the reader's order). */
export function compareYears(
  a: { period_end: string; basis: string },
  b: { period_end: string; basis: string },
): number {
  if (a.period_end !== b.period_end) return a.period_end < b.period_end ? 1 : -1;
  return a.basis === b.basis ? 0 : a.basis === 'company' ? -1 : 1;
}
