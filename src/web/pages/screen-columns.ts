import type { z } from 'zod';
import type { MeasureName } from '../../domain/financials/accounts-measures';
import type { GrowthMeasure } from '../../domain/screening/latest-figures-row';
import { RANGE_FILTERS, type FigureFilter } from '../../domain/screening/screen-filters';
import type { ScreenedCompany } from '../../domain/screening/screen-result';
import type { screenCompanies } from '../../operations/screen-companies';
import { stemLabel, type ScreenFilters } from './screen-fields';

export type ScreenAnswer = z.infer<typeof screenCompanies.output>;

/*
 * Which figures a screen shows, for the page and its CSV alike: a few every analyst reads (turnover, its growth,
 * profit, net assets, employees) and every figure or growth the screen filtered or sorted on, so each row shows
 * the values that made it match.
 */

const ALWAYS_SHOWN = ['turnover', 'turnover_growth', 'profit', 'net_assets', 'employees'];

export function shownFigures(filters: ScreenFilters): FigureFilter[] {
  const used = (stem: string) =>
    ALWAYS_SHOWN.includes(stem) ||
    filters[`${stem}_min`] !== undefined ||
    filters[`${stem}_max`] !== undefined ||
    filters.sort === stem;
  return RANGE_FILTERS.filter((filter) => used(filter.stem));
}

/** Whether the screen named this figure (a bound or the sort), so its column can say it decided the match. */
export function screenedOn(filters: ScreenFilters, stem: string): boolean {
  return (
    filters[`${stem}_min`] !== undefined || filters[`${stem}_max`] !== undefined || filters.sort === stem
  );
}

/** The company's value of a figure or growth column: the latest filed figure, or the % change to it. */
export function figureValue(company: ScreenedCompany, filter: FigureFilter): number | null {
  if (filter.growth) {
    return company.growth?.measures[filter.measure as GrowthMeasure].percent_change ?? null;
  }
  return company.latest_accounts?.figures[filter.measure as MeasureName] ?? null;
}

export function figureHeader(filter: FigureFilter): string {
  const unit = filter.growth ? '%' : filter.measure === 'employees' ? 'people' : '£';
  return `${stemLabel(filter.stem)} (${unit})`;
}

/** A CSV cell: a number stays a number; text is guarded against being read as a formula (screen-csv.ts). */
export type CsvCell = string | number | null;

/** The CSV's columns: the API's names, then the shown figures under their argument stem. */
export function csvHeader(figures: readonly FigureFilter[]): string[] {
  return [
    'company_number',
    'company_name',
    'company_status',
    'type',
    'date_of_creation',
    'locality',
    'postal_code',
    'region',
    'local_authority',
    'sic_codes',
    'period_end',
    ...figures.map((filter) => filter.stem),
    'growth_from_period_end',
    'growth_to_period_end',
    'health_grade',
    'health_score',
  ];
}

export function csvRow(company: ScreenedCompany, figures: readonly FigureFilter[]): CsvCell[] {
  return [
    company.company_number,
    company.company_name,
    company.company_status,
    company.type,
    company.date_of_creation,
    company.registered_office_address.locality,
    company.registered_office_address.postal_code,
    company.place?.region?.name ?? null,
    company.place?.local_authority?.name ?? company.place?.local_authority?.code ?? null,
    company.sic_codes.join(' '),
    company.latest_accounts?.period_end ?? null,
    ...figures.map((filter) => figureValue(company, filter)),
    company.growth?.from_period_end ?? null,
    company.growth?.to_period_end ?? null,
    company.health?.grade ?? null,
    company.health?.score ?? null,
  ];
}
