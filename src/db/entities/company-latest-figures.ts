import { EntitySchema } from '@mikro-orm/core';
import { z } from 'zod';
import {
  LATEST_FIGURES_COLUMNS,
  latestFiguresRowSchema,
  type LatestFiguresRow,
} from '../../domain/screening/latest-figures-row';

/**
 * A company's latest accounts figures and growth (domain/screening/latest-figures.ts decides what goes in): the
 * screener's indexed row, kept in step with accounts_years by the accounts importer. Property names are the
 * column names, and each property's type and nullability are read from the row's zod schema, the one definition.
 */
function property(column: keyof LatestFiguresRow) {
  const field = latestFiguresRowSchema.shape[column];
  const nullable = field.safeParse(null).success;
  const inner = field instanceof z.ZodNullable ? field.unwrap() : field;
  const type = inner instanceof z.ZodNumber ? 'double' : inner instanceof z.ZodBoolean ? 'boolean' : 'string';
  return { type, fieldName: column, nullable, ...(column === 'company_number' ? { primary: true } : {}) };
}

export const CompanyLatestFiguresEntity = new EntitySchema<LatestFiguresRow>({
  name: 'CompanyLatestFigures',
  tableName: 'company_latest_figures',
  properties: Object.fromEntries(LATEST_FIGURES_COLUMNS.map((column) => [column, property(column)])) as never,
});
