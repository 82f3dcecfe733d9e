import { z } from 'zod';

/** The company_number argument of the per-company operations, as people type it; each handler normalises it. */
export const companyNumberInput = z
  .string()
  .min(1)
  .max(20)
  .describe('8-character company number, e.g. 00445790 or SC123456 (leading zeros may be left off)');
