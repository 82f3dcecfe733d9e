import { z } from 'zod';
import { WHITESPACE_CLASS_BODY } from './whitespace-class';

const SPACE = `[${WHITESPACE_CLASS_BODY}]`;
const EDGE = `[^${WHITESPACE_CLASS_BODY}\\u0000]`;
const INNER = '[^\\u0000]';

/**
 * A text of `min` to `max` characters once trimmed, with any padding, as one pattern (U+0000 is refused at the
 * edge, so nowhere). `min` is at least 1.
 */
export function trimmedTextPattern(min: number, max: number): string {
  const text =
    min >= 2 ? `${EDGE}${INNER}{${min - 2},${max - 2}}${EDGE}` : `${EDGE}(?:${INNER}{0,${max - 2}}${EDGE})?`;
  return `^${SPACE}*${text}${SPACE}*$`;
}

/**
 * Text the API compares trimmed: zod's .trim().min().max() bound the trimmed text, not the text as sent, so the
 * document states them as a pattern and leaves minLength and maxLength out ("  x  " is 1 character long here).
 * A pattern does not read as a length: say the length in the argument's description.
 */
export function trimmedText(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .meta({ pattern: trimmedTextPattern(min, max), minLength: undefined, maxLength: undefined });
}
