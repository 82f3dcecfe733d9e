import type { ExpandedName } from './ixbrl-facts';

/*
 * Reading the number an ix:nonFraction displays: the ixt format's transformation (which separator is the
 * decimal one, dashes for zero), then scale applied exactly on the digits.
 */

/** The transformation registries UK filings use: ixt v1 to v4 (2010, 2011, 2015, 2020). */
export const TRANSFORMATION_NAMESPACES: readonly string[] = [
  'http://www.xbrl.org/inlineXBRL/transformation/2010-04-20',
  'http://www.xbrl.org/inlineXBRL/transformation/2011-07-31',
  'http://www.xbrl.org/inlineXBRL/transformation/2015-02-26',
  'http://www.xbrl.org/inlineXBRL/transformation/2020-02-12',
];

const DASHES = /^[-\u2010\u2011\u2012\u2013\u2014\u2212\u2015]$/;
const THOUSANDS_SPACES = /[\s\u00a0\u202f\u2009']/g;

type NumberLayout = 'dot-decimal' | 'comma-decimal' | 'zero-dash' | 'fixed-zero' | 'no-content';

// Local names across the registries; v4 renamed them with hyphens, the older ones use run-together names.
const FORMAT_LAYOUTS: Readonly<Record<string, NumberLayout>> = {
  numdotdecimal: 'dot-decimal',
  'num-dot-decimal': 'dot-decimal',
  numcommadot: 'dot-decimal',
  numspacedot: 'dot-decimal',
  numcommadecimal: 'comma-decimal',
  'num-comma-decimal': 'comma-decimal',
  numdotcomma: 'comma-decimal',
  numspacecomma: 'comma-decimal',
  numcomma: 'comma-decimal',
  zerodash: 'zero-dash',
  numdash: 'zero-dash',
  'fixed-zero': 'fixed-zero',
  fixedzero: 'fixed-zero',
  nocontent: 'no-content',
  'fixed-empty': 'no-content',
};

type DisplayedNumber =
  | { digits: { whole: string; fraction: string } | null }
  | { problem: string; code: 'unsupported_format' | 'unreadable_number' };

/** Applies the format's transformation to the displayed text: digits before and after the decimal separator. */
export function readDisplayedNumber(text: string, format: ExpandedName | null): DisplayedNumber {
  const trimmed = text.replace(/^[\s\u00a0]+|[\s\u00a0]+$/g, '');
  let layout: NumberLayout = 'dot-decimal';
  if (format !== null) {
    const known = FORMAT_LAYOUTS[format.local];
    if (
      known === undefined ||
      (format.namespace !== null && !TRANSFORMATION_NAMESPACES.includes(format.namespace))
    ) {
      return { code: 'unsupported_format', problem: `format ${format.qname} is not one this reader applies` };
    }
    layout = known;
  }
  switch (layout) {
    case 'fixed-zero':
      return { digits: { whole: '0', fraction: '' } };
    case 'no-content':
      return { code: 'unreadable_number', problem: `format ${format?.qname} gives no number` };
    case 'zero-dash':
      return DASHES.test(trimmed)
        ? { digits: { whole: '0', fraction: '' } }
        : { code: 'unreadable_number', problem: `"${trimmed}" is not a dash, as ${format?.qname} requires` };
  }
  const pattern =
    format === null
      ? /^(\d+)(?:\.(\d*))?$/
      : layout === 'dot-decimal'
        ? /^(\d{1,3}(?:[,\s\u00a0\u202f\u2009']?\d{3})*|\d+)(?:\.(\d*))?$/
        : /^(\d{1,3}(?:[.\s\u00a0\u202f\u2009']?\d{3})*|\d+)(?:,(\d*))?$/;
  const match = pattern.exec(trimmed);
  if (!match) {
    const expected =
      format === null ? 'a plain decimal number (no format given)' : `a number in ${format.qname}`;
    return { code: 'unreadable_number', problem: `"${trimmed}" is not ${expected}` };
  }
  const whole = (match[1] ?? '').replace(THOUSANDS_SPACES, '').replace(/[.,]/g, '');
  return { digits: { whole, fraction: match[2] ?? '' } };
}

/**
 * Moves the decimal point by `scale` on the digit string itself, so 1.5 at scale 3 is exactly 1500 with no binary
 * rounding. Where `decimals` says the figure is accurate to whole units or coarser, any fraction left is rounded.
 */
export function applyScale(
  digits: { whole: string; fraction: string },
  scale: number,
  decimals: string | null,
): number {
  let { whole, fraction } = digits;
  if (scale > 0) {
    const padded = fraction.padEnd(scale, '0');
    whole += padded.slice(0, scale);
    fraction = padded.slice(scale);
  } else if (scale < 0) {
    const padded = whole.padStart(-scale + 1, '0');
    fraction = padded.slice(scale) + fraction;
    whole = padded.slice(0, scale);
  }
  const value = Number(fraction.replace(/0+$/, '') === '' ? whole : `${whole}.${fraction}`);
  const places = decimals === null || decimals === 'INF' ? null : Number(decimals);
  if (places !== null && Number.isInteger(places) && places <= 0) return Math.round(value);
  return value;
}
