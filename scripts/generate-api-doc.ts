/*
 * Writes the generated part of docs/api.md from the operation table (src/operations/) and the plans table
 * (src/domain/accounts/plans.ts): the plans, every operation with its path, plan, cost and own error codes,
 * the MCP tools, and each operation's description and parameters. The hand-written text around the two marker
 * comments is kept as it is. test/unit/docs/api-doc.test.ts fails when docs/api.md differs from what this
 * would write, so the page cannot drift from the code.
 *
 *   npx tsx scripts/generate-api-doc.ts           rewrite docs/api.md
 *   npx tsx scripts/generate-api-doc.ts --check   exit 1 when docs/api.md is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { planNames, plans, type PlanName } from '../src/domain/accounts/plans';
import { httpStatusOf } from '../src/http/error-status';
import { operations as operationTable } from '../src/operations';
import type { Operation } from '../src/operations/operation';

export const API_DOC_PATH = join(__dirname, '..', 'docs', 'api.md');
export const GENERATE_COMMAND = 'npx tsx scripts/generate-api-doc.ts';
export const BEGIN_MARKER = `<!-- generated: everything from here to the end marker is written by ${GENERATE_COMMAND} -->`;
export const END_MARKER = '<!-- end of generated part -->';

type Cell = string;

/** A markdown table padded as prettier pads one, so `prettier --check` accepts the page as written. */
export function markdownTable(header: readonly Cell[], rows: readonly (readonly Cell[])[]): string {
  const all = [header, ...rows].map((row) => row.map((cell) => cell.replace(/\|/g, '\\|')));
  const widths = header.map((_, column) => Math.max(3, ...all.map((row) => [...row[column]!].length)));
  const line = (cells: readonly Cell[]) =>
    `| ${cells.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [line(all[0]!), rule, ...all.slice(1).map(line)].join('\n');
}

/** 1000000 → "1,000,000", the same on every machine (no locale data needed). */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A bound as people write it: 1800 and 1000 stay whole, 100000 is grouped. */
function bound(n: number): string {
  return n < 10_000 ? String(n) : thousands(n);
}

const code = (text: string) => `\`${text}\``;

/**
 * Code's prose as markdown text: outside code spans, `<` and `*` are escaped, so "webhook-recovery/<account id>"
 * is not read as an HTML tag (which a renderer would drop) nor a star as emphasis.
 */
export function markdownText(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replace(/[<*]/g, (c) => `\\${c}`)))
    .join('');
}

const anchorLink = (operation: Operation) => `[${code(operation.name)}](#${operation.name})`;
const isTool = (operation: Operation) => operation.auth === 'api_key' && operation.tool !== undefined;

function lowestPlanOf(operation: Operation): string {
  return operation.auth === 'none' ? 'none (no key)' : operation.lowestPlan;
}

function costOf(operation: Operation): string {
  if (operation.auth === 'none') return 'not charged';
  // A cost that depends on the input is explained in the operation's own description, shown below the table.
  return typeof operation.cost === 'number'
    ? String(operation.cost)
    : 'depends on the input: see its description';
}

function ownErrors(operation: Operation): string {
  const codes = operation.errors ?? [];
  return codes.length === 0 ? '—' : codes.map((c) => `${code(c)} ${httpStatusOf[c]}`).join(', ');
}

function plansSection(operations: readonly Operation[]): string {
  const opening = (plan: PlanName) =>
    operations.filter((operation) => operation.auth === 'api_key' && operation.lowestPlan === plan);
  const table = markdownTable(
    [
      'plan',
      'requests a day (UTC)',
      'requests a minute',
      'protocol messages a minute',
      'operations it opens',
    ],
    planNames.map((name) => {
      const plan = plans[name];
      return [
        name,
        thousands(plan.requestsPerDay),
        thousands(plan.requestsPerMinute),
        thousands(plan.freeMessagesPerMinute),
        String(opening(name).length),
      ];
    }),
  );
  const opens = planNames.map((name) => {
    const own = opening(name);
    return `- **${name}**: ${own.length === 0 ? 'no operation of its own, only more quota' : own.map(anchorLink).join(', ')}.`;
  });
  const firstPageOnly = planNames.filter((name) => plans[name].searchFirstPageOnly);
  return [
    '## Plans and quotas',
    '',
    'A plan may call the operations it opens and those of every plan below it. Requests are counted per account',
    '(a minute and a UTC day); protocol messages that fetch no data are counted per key.',
    '',
    table,
    '',
    ...opens,
    '',
    firstPageOnly.length === 0
      ? 'Every plan reads search results page by page.'
      : `On ${firstPageOnly.join(', ')}, ${code('search_companies')} answers the first page only (see its description).`,
  ].join('\n');
}

function operationsSection(operations: readonly Operation[]): string {
  const table = markdownTable(
    ['operation', 'method', 'path', 'MCP', 'lowest plan', 'cost', 'answers', 'own error codes'],
    operations.map((operation) => [
      anchorLink(operation),
      operation.method,
      code(operation.path),
      isTool(operation) ? 'tool' : 'REST only',
      lowestPlanOf(operation),
      costOf(operation),
      String(operation.successStatus ?? 200),
      ownErrors(operation),
    ]),
  );
  const tools = operations.filter(isTool);
  const restOnly = operations.filter((operation) => !isTool(operation));
  return [
    '## Operations',
    '',
    '"Own error codes" are those the operation\'s own rules answer, beyond the codes every operation of its kind',
    "can answer ([Errors](#errors)). Cost is in requests against the plan's quota.",
    '',
    table,
    '',
    `**${tools.length} MCP tools** (each also a REST endpoint): ${tools.map((t) => code(t.name)).join(', ')}.`,
    '',
    `**${restOnly.length} REST-only operations**: ${restOnly.map((o) => code(o.name)).join(', ')}.`,
  ].join('\n');
}

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Ranges past these are the storage's limits, not the API's: not worth a reader's attention. */
const UNREMARKABLE_MAXIMUM = 2_147_483_647;

function range(min: number | undefined, max: number | undefined, unit = ''): string {
  const shownMax = max !== undefined && max < UNREMARKABLE_MAXIMUM ? max : undefined;
  if (min !== undefined && shownMax !== undefined) return ` ${bound(min)}–${bound(shownMax)}${unit}`;
  if (min !== undefined) return ` ≥ ${bound(min)}${unit}`;
  if (shownMax !== undefined) return ` ≤ ${bound(shownMax)}${unit}`;
  return '';
}

/** A short, readable type: "integer 1–100", "one of `a`, `b`", "string or null". */
export function typeSummary(schema: JsonSchema): string {
  if (schema.anyOf) {
    const kinds = schema.anyOf;
    // Query strings carry booleans as text: `z.boolean()` or "true" / "false".
    if (kinds.some((k) => k.type === 'boolean')) return 'boolean';
    const nonNull = kinds.filter((k) => k.type !== 'null');
    const summary = nonNull.map(typeSummary).join(' or ');
    return nonNull.length < kinds.length ? `${summary} or null` : summary;
  }
  if (schema.enum) return `one of ${schema.enum.map((value) => code(String(value))).join(', ')}`;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return `${schema.type}${range(schema.minimum, schema.maximum)}`;
    case 'array':
      return `array of ${schema.items ? typeSummary(schema.items) : 'values'},${range(schema.minItems, schema.maxItems, ' items')}`;
    case 'string':
      if (schema.format === 'date') return 'date (YYYY-MM-DD)';
      if (schema.format === 'date-time') return 'date-time (ISO 8601)';
      if (schema.format === 'email') return 'email address';
      if (schema.pattern && schema.pattern.length <= 20) return `string matching ${code(schema.pattern)}`;
      return schema.maxLength !== undefined
        ? `string, up to ${bound(schema.maxLength)} characters`
        : 'string';
    default:
      return schema.type ?? 'any';
  }
}

function pathParameters(path: string): Set<string> {
  return new Set([...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1]!));
}

function parametersTable(operation: Operation): string {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return 'No parameters.';
  const inPath = pathParameters(operation.path);
  const elsewhere = operation.method === 'POST' || operation.method === 'PATCH' ? 'body' : 'query';
  const required = new Set(schema.required ?? []);
  return markdownTable(
    ['parameter', 'in', 'required', 'type', 'about'],
    properties.map(([name, property]) => [
      code(name),
      inPath.has(name) ? 'path' : elsewhere,
      required.has(name) ? 'yes' : 'no',
      typeSummary(property) +
        (property.default !== undefined ? `, default ${code(String(property.default))}` : ''),
      markdownText((property.description ?? '').replace(/\s+/g, ' ')),
    ]),
  );
}

function operationReference(operation: Operation): string {
  const facts = [
    `${code(`${operation.method} ${operation.path}`)}`,
    isTool(operation) ? 'MCP tool' : 'REST only',
    `lowest plan: ${lowestPlanOf(operation)}`,
    `cost: ${costOf(operation)}`,
    `answers ${operation.successStatus ?? 200}`,
  ];
  const errors = operation.errors?.length ? [`Own error codes: ${ownErrors(operation)}.`] : [];
  const idempotent =
    operation.auth === 'api_key' && operation.replay
      ? [
          `Honours the ${code('Idempotency-Key')} header: a repeat with the same key answers again, uncharged.`,
        ]
      : [];
  return [
    `### ${code(operation.name)}`,
    '',
    `**${operation.title}.** ${facts.join(' · ')}`,
    '',
    markdownText(operation.description),
    '',
    parametersTable(operation),
    ...(errors.length + idempotent.length > 0 ? ['', [...errors, ...idempotent].join(' ')] : []),
  ].join('\n');
}

/** The text between the markers: everything in docs/api.md that comes from the code. */
export function generatedSection(operations: readonly Operation[]): string {
  return [
    plansSection(operations),
    operationsSection(operations),
    [
      '## Operation reference',
      '',
      'Each operation as the code describes it (the MCP tool description and the OpenAPI summary are the same',
      'text). Parameters of a GET or DELETE go in the query string, of a POST or PATCH in the JSON body; MCP tools',
      "take them all as arguments. Response bodies are in the OpenAPI document and in each tool's",
      `${code('outputSchema')}.`,
      '',
      operations.map(operationReference).join('\n\n'),
    ].join('\n'),
  ].join('\n\n');
}

/** `doc` with the part between the markers replaced by `section`; refuses a page without exactly one pair. */
export function withGeneratedSection(doc: string, section: string): string {
  const count = (marker: string) => doc.split(marker).length - 1;
  if (count(BEGIN_MARKER) !== 1 || count(END_MARKER) !== 1) {
    throw new Error(`docs/api.md must hold each marker exactly once:\n${BEGIN_MARKER}\n${END_MARKER}`);
  }
  const begin = doc.indexOf(BEGIN_MARKER) + BEGIN_MARKER.length;
  const end = doc.indexOf(END_MARKER);
  if (end < begin) throw new Error('docs/api.md has its end marker before its begin marker');
  return `${doc.slice(0, begin)}\n\n${section}\n\n${doc.slice(end)}`;
}

/** docs/api.md as this script would write it. */
export function expectedApiDoc(current: string, operations: readonly Operation[] = operationTable): string {
  return withGeneratedSection(current, generatedSection(operations));
}

function main(): void {
  const current = readFileSync(API_DOC_PATH, 'utf8');
  const expected = expectedApiDoc(current);
  if (process.argv.includes('--check')) {
    if (current === expected) return;
    console.error(`docs/api.md is out of date: run ${GENERATE_COMMAND}`);
    process.exitCode = 1;
    return;
  }
  if (current !== expected) writeFileSync(API_DOC_PATH, expected);
  console.log(`docs/api.md ${current === expected ? 'already up to date' : 'rewritten'}`);
}

if (require.main === module) main();
