import { z } from 'zod';

// JSON Schemas of the operations' zod schemas as the OpenAPI document shows them.

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [key: string]: unknown;
};

/** The formats JSON Schema (2020-12) defines; zod names some checks of its own ("starts_with") as formats too. */
const JSON_SCHEMA_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/**
 * Drops zod's own format names (zod documents each such check with a pattern as well, which is the rule) and
 * keys left undefined.
 */
function withStandardFormats(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withStandardFormats);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      // undefined: a bound an operation's metadata takes away (see trimmed-text.ts).
      .filter(([, value]) => value !== undefined)
      .filter(
        ([key, value]) => !(key === 'format' && typeof value === 'string' && !JSON_SCHEMA_FORMATS.has(value)),
      )
      .map(([key, value]) => [
        key,
        key === 'properties' ? mapEach(value, withStandardFormats) : withStandardFormats(value),
      ]),
  );
}

/** The JSON Schema of a zod schema as a request sends it (input) or an answer carries it (output). */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return withStandardFormats(rest) as JsonSchema;
}

function mapEach(properties: unknown, map: (schema: unknown) => unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, map(value)]));
}

/**
 * The edge refuses U+0000 in every string of the input (src/operations/nul-characters.ts): a string the zod
 * schema leaves open says so with a pattern. Strings with a pattern, an enum or a constant exclude it already.
 */
export const NUL_FREE_PATTERN = '^[^\\u0000]*$';

/**
 * Formats whose usual meaning differs from the pattern zod checks and documents with them: zod's email pattern
 * takes a local part longer than the 64 characters RFC 5321 allows. The pattern is what the API applies.
 */
const FORMATS_ZOD_READS_OTHERWISE = new Set(['email']);

/** An input schema as strict as what the edge and zod accept, no stricter. */
export function asAccepted(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asAccepted);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'properties' ? mapEach(value, asAccepted) : asAccepted(value),
    ]),
  ) as JsonSchema;
  if (node.type !== 'string') return node;
  if (typeof node.format === 'string' && FORMATS_ZOD_READS_OTHERWISE.has(node.format) && 'pattern' in node) {
    delete node.format;
  }
  const open = !('pattern' in node) && !('enum' in node) && !('const' in node);
  return open ? { ...node, pattern: NUL_FREE_PATTERN } : node;
}
