import { z } from 'zod';

/*
 * What reading an inline XBRL document yields: contexts, numeric and non-numeric facts, and the problems met on
 * the way. Schemas first; the types are inferred from them.
 */

export const INLINE_XBRL_NAMESPACES: readonly string[] = [
  'http://www.xbrl.org/2013/inlineXBRL',
  'http://www.xbrl.org/2008/inlineXBRL',
];
export const XBRLI_NAMESPACE = 'http://www.xbrl.org/2003/instance';
export const XBRLDI_NAMESPACE = 'http://xbrl.org/2006/xbrldi';
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

export const isoDate = z.iso.date();

/** A prefixed name as written, with the namespace its prefix was bound to where the fact (or member) sits. */
export const expandedNameSchema = z.object({
  qname: z.string(),
  /** null when the prefix is not declared in scope (reported as a problem). */
  namespace: z.string().nullable(),
  local: z.string(),
});
export type ExpandedName = z.infer<typeof expandedNameSchema>;

export const contextPeriodSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('instant'), instant: isoDate }),
  z.object({ type: z.literal('duration'), start: isoDate, end: isoDate }),
  z.object({ type: z.literal('forever') }),
]);
export type ContextPeriod = z.infer<typeof contextPeriodSchema>;

export const explicitDimensionSchema = z.object({
  dimension: expandedNameSchema,
  member: expandedNameSchema,
});
export type ExplicitDimension = z.infer<typeof explicitDimensionSchema>;

export const xbrlContextSchema = z.object({
  id: z.string(),
  entity: z.object({ scheme: z.string(), identifier: z.string() }).nullable(),
  period: contextPeriodSchema,
  /** Explicit members from both segment and scenario. */
  dimensions: z.array(explicitDimensionSchema),
  /** Typed members are kept as text only: nothing maps from them yet. */
  typed_dimensions: z.array(z.object({ dimension: expandedNameSchema, value: z.string() })),
});
export type XbrlContext = z.infer<typeof xbrlContextSchema>;

export const numericFactSchema = z.object({
  name: expandedNameSchema,
  id: z.string().nullable(),
  context_ref: z.string(),
  unit_ref: z.string().nullable(),
  /** As written: an integer or "INF"; null when absent (nil facts). */
  decimals: z.string().nullable(),
  scale: z.number().int(),
  negative: z.boolean(),
  format: expandedNameSchema.nullable(),
  /** The text shown to the reader, nested elements included, whitespace as in the document. */
  displayed_text: z.string(),
  nil: z.boolean(),
  hidden: z.boolean(),
  /** displayed number × 10^scale, negated for sign="-"; null when nil or when the text could not be read. */
  value: z.number().nullable(),
  line: z.number().int(),
});
export type NumericFact = z.infer<typeof numericFactSchema>;

export const nonNumericFactSchema = z.object({
  name: expandedNameSchema,
  context_ref: z.string(),
  format: expandedNameSchema.nullable(),
  /** Displayed text with runs of whitespace collapsed. */
  text: z.string(),
  nil: z.boolean(),
  hidden: z.boolean(),
  line: z.number().int(),
});
export type NonNumericFact = z.infer<typeof nonNumericFactSchema>;

export const documentProblemSchema = z.object({
  code: z.enum([
    'unclosed_element',
    'undeclared_prefix',
    'unknown_entity',
    'missing_attribute',
    'unknown_context',
    'unknown_unit',
    'bad_context',
    'duplicate_context',
    'unsupported_format',
    'unreadable_number',
    'bad_attribute',
  ]),
  message: z.string(),
  line: z.number().int().nullable(),
});
export type DocumentProblem = z.infer<typeof documentProblemSchema>;

export const ixbrlDocumentSchema = z.object({
  contexts: z.record(z.string(), xbrlContextSchema),
  /** unit id → its measures as written, e.g. ["iso4217:GBP"]; a divide unit lists numerator then denominator. */
  units: z.record(z.string(), z.array(z.string())),
  numeric_facts: z.array(numericFactSchema),
  non_numeric_facts: z.array(nonNumericFactSchema),
  /** Things wrong with the document that did not stop it being read; facts they touch are kept or dropped as stated. */
  problems: z.array(documentProblemSchema),
});
export type IxbrlDocument = z.infer<typeof ixbrlDocumentSchema>;
