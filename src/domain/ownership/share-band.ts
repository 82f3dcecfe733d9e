import { z } from 'zod';

/*
 * The share a person with significant control holds, as Companies House publishes it: a band, never a figure.
 * The natures of control carry it (ownership-of-shares-25-to-50-percent, and the -as-trust and -as-firm
 * variants, held by a trustee or a member of a firm in that capacity); a share held through a chain of companies
 * is known only between the product of the lower bounds and the product of the upper ones. Bounds are percentages;
 * a lower bound of a band is "more than" (25, 50) or "at least" (75), as the band's words say.
 */

const BANDS = {
  '25-to-50-percent': { lower: 25, upper: 50 },
  '50-to-75-percent': { lower: 50, upper: 75 },
  '75-to-100-percent': { lower: 75, upper: 100 },
} as const;

type BandCode = keyof typeof BANDS;

export const shareBoundsSchema = z.object({
  lower: z.number().describe('Percent; the band’s lower bound (more than 25, more than 50, or 75 or more)'),
  upper: z.number().describe('Percent; the band’s upper bound'),
});
export type ShareBounds = z.infer<typeof shareBoundsSchema>;

export const shareBases = ['shares', 'voting_rights', 'other_control'] as const;

export const shareBandSchema = shareBoundsSchema.extend({
  basis: z
    .enum(shareBases)
    .describe(
      'shares: from an ownership-of-shares band; voting_rights: no share band given, a voting-rights band used; other_control: control without a band (appointing directors, significant influence): 0 to 100',
    ),
  band: z
    .string()
    .nullable()
    .describe('Companies House’s band, e.g. 25-to-50-percent; null for other_control'),
});
export type ShareBand = z.infer<typeof shareBandSchema>;

const BANDED =
  /^(ownership-of-shares|voting-rights)-(25-to-50-percent|50-to-75-percent|75-to-100-percent)(?:-as-(?:trust|firm))?$/;

function bandOf(natures: readonly string[], right: 'ownership-of-shares' | 'voting-rights'): BandCode | null {
  // Several bands of one right (as trustee and in person) add up to at least the largest: take the largest.
  let best: BandCode | null = null;
  for (const code of natures) {
    const parts = BANDED.exec(code);
    if (parts?.[1] !== right) continue;
    const band = parts[2] as BandCode;
    if (best === null || BANDS[band].lower > BANDS[best].lower) best = band;
  }
  return best;
}

/** The share one step of a chain carries: the ownership-of-shares band, else the voting-rights band, else none. */
export function shareBandOf(natures: readonly string[]): ShareBand {
  const shares = bandOf(natures, 'ownership-of-shares');
  if (shares !== null) return { basis: 'shares', band: shares, ...BANDS[shares] };
  const votes = bandOf(natures, 'voting-rights');
  if (votes !== null) return { basis: 'voting_rights', band: votes, ...BANDS[votes] };
  return { basis: 'other_control', band: null, lower: 0, upper: 100 };
}

/** Bounds of a share held through every step: the products of the lower and of the upper bounds. */
export function indirectShare(steps: readonly ShareBounds[]): ShareBounds {
  const product = (pick: (step: ShareBounds) => number) =>
    // Percent in, percent out; rounded so 50 % of 25 % reads 12.5, not 12.499999.
    Math.round(steps.reduce((share, step) => (share * pick(step)) / 100, 100) * 10_000) / 10_000;
  return { lower: product((step) => step.lower), upper: product((step) => step.upper) };
}

export const thresholdAnswers = ['yes', 'no', 'possibly'] as const;

/** MLR 2017 reg. 5: a beneficial owner holds more than 25 %. Bounds decide it only when both sides agree. */
export function overQuarter(bounds: ShareBounds): (typeof thresholdAnswers)[number] {
  if (bounds.lower >= 25) return 'yes';
  if (bounds.upper <= 25) return 'no';
  return 'possibly';
}
