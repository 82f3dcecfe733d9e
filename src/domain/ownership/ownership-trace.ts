import { z } from 'zod';
import { pscExemptionSchema } from '../exemptions/company-exemptions';
import { pscCategories } from '../pscs/psc-kinds';
import { shareBandSchema, shareBoundsSchema, thresholdAnswers } from './share-band';

/*
 * What tracing a company's ownership found: every chain from the company up through its corporate owners, each
 * ending where the trace stopped and saying why, and the natural persons reached with the share each holds
 * indirectly (bounds: Companies House publishes bands, not figures). The schema is the answer's contract
 * (get_persons_with_significant_control's `ownership`, run_kyb_check's control evidence).
 */

export const DEFAULT_OWNERSHIP_DEPTH = 10;

export const chainEnds = [
  'natural_person',
  'listed_company',
  'owner_outside_uk',
  'owner_not_registered',
  'legal_person',
  'details_withheld',
  'company_not_held',
  'pscs_not_held',
  'no_person_registered',
  'cycle',
  'depth_limit',
] as const;
export type ChainEnd = (typeof chainEnds)[number];

/** Ends that name who owns the company at the top: the chain is traced as far as the law asks. */
export const TRACED_ENDS: ReadonlySet<ChainEnd> = new Set(['natural_person', 'listed_company']);

const dateOfBirth = z.object({ month: z.number().int(), year: z.number().int() }).nullable();

export const ownershipLinkSchema = z.object({
  company_number: z.string().describe('The company owned at this step'),
  company_name: z.string(),
  company_status: z.string().describe('As the register gives it, e.g. active, dissolved'),
  psc_id: z.string().describe('The owner’s entry on that company’s register of PSCs'),
  owner_name: z.string().nullable(),
  owner_date_of_birth: dateOfBirth.describe('Month and year, for a natural person; null otherwise'),
  owner_category: z.enum(pscCategories),
  owner_company_number: z
    .string()
    .nullable()
    .describe('For a corporate owner with a UK registration number: that number, normalised'),
  share: shareBandSchema,
});
export type OwnershipLink = z.infer<typeof ownershipLinkSchema>;

export const ownershipChainSchema = z.object({
  links: z.array(ownershipLinkSchema).describe('From the company traced up to the last owner reached'),
  end: z.enum(chainEnds),
  end_description: z.string().describe('Why the chain ends there, naming the owner or company'),
  end_company: z
    .object({ company_number: z.string(), company_name: z.string(), company_status: z.string() })
    .nullable()
    .describe(
      'The company the chain ends at when it ends at one held (listed, naming nobody, PSCs not held)',
    ),
  indirect_share: shareBoundsSchema.describe(
    'Percent of the company traced held at the end of the chain: products of the bands’ bounds',
  ),
});
export type OwnershipChain = z.infer<typeof ownershipChainSchema>;

export const ultimateOwnerSchema = z.object({
  name: z.string().nullable(),
  date_of_birth: dateOfBirth,
  indirect_share: shareBoundsSchema.describe(
    'Summed over every chain reaching the person (upper bound at most 100)',
  ),
  over_25_percent: z
    .enum(thresholdAnswers)
    .describe('Whether the share is more than 25 % (MLR 2017 reg. 5); possibly when the bounds straddle it'),
  chains: z.array(z.number().int()).describe('Indexes in chains of the chains reaching the person'),
});
export type UltimateOwner = z.infer<typeof ultimateOwnerSchema>;

export const ownershipTraceSchema = z.object({
  company_number: z.string(),
  psc_exemption: pscExemptionSchema
    .nullable()
    .describe(
      'The company’s own exemption from keeping a register of PSCs in force today (Companies House’s exemptions resource), e.g. shares traded on a UK regulated market; null when none is held',
    ),
  max_depth: z.number().int().describe('Companies followed at most above the one traced'),
  chains: z.array(ownershipChainSchema),
  ultimate_owners: z
    .array(ultimateOwnerSchema)
    .describe('Natural persons reached, largest upper bound first'),
  natural_person_reached: z.boolean(),
  stops: z
    .array(z.string())
    .describe('Each chain that ended short of a natural person or a listed company, in words'),
});
export type OwnershipTrace = z.infer<typeof ownershipTraceSchema>;
