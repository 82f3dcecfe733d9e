import { z } from 'zod';

/** A boolean that also arrives as the text "true" or "false" from a query string. */
export const booleanArgument = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');
