import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  API_DOC_PATH,
  BEGIN_MARKER,
  END_MARKER,
  GENERATE_COMMAND,
  expectedApiDoc,
  generatedSection,
  markdownTable,
  markdownText,
  typeSummary,
  withGeneratedSection,
} from '../../../scripts/generate-api-doc';
import { operations } from '../../../src/operations';

// docs/api.md is half hand-written, half generated from the operation table: the generated half must be what
// the script writes today, so a new operation, plan, cost or error code cannot leave the page behind.

const root = join(__dirname, '../../..');
const prettierBin = join(root, 'node_modules/prettier/bin/prettier.cjs');

/** What `prettier --write` would make of a markdown text, with the project's settings. */
function prettierFormatted(markdown: string): string {
  return execFileSync(process.execPath, [prettierBin, '--stdin-filepath', join(root, 'docs/probe.md')], {
    input: markdown,
    encoding: 'utf8',
  });
}

describe('docs/api.md', () => {
  const doc = readFileSync(API_DOC_PATH, 'utf8');

  it('holds what the generator writes from the operation table today', () => {
    const expected = expectedApiDoc(doc);
    if (doc !== expected) {
      throw new Error(`docs/api.md is out of date with src/operations: run ${GENERATE_COMMAND}`);
    }
  });

  it('has a reference section for every operation, each once', () => {
    for (const operation of operations) {
      expect(doc.split(`\n### \`${operation.name}\`\n`)).toHaveLength(2);
    }
  });

  it('writes its generated part as prettier would format it (npm run lint checks the page)', () => {
    const page = `# Probe\n\n${generatedSection(operations)}\n`;
    expect(prettierFormatted(page)).toBe(page);
  });
});

describe('withGeneratedSection', () => {
  const page = `# Title\n\nHand text.\n\n${BEGIN_MARKER}\n\nold\n\n${END_MARKER}\n\nAfter.\n`;

  it('replaces only what lies between the markers', () => {
    expect(withGeneratedSection(page, 'new')).toBe(
      `# Title\n\nHand text.\n\n${BEGIN_MARKER}\n\nnew\n\n${END_MARKER}\n\nAfter.\n`,
    );
  });

  it('gives the same page when run twice', () => {
    const once = withGeneratedSection(page, 'new');
    expect(withGeneratedSection(once, 'new')).toBe(once);
  });

  it.each([
    ['no markers', '# Title\n'],
    ['no end marker', `${BEGIN_MARKER}\n`],
    ['no begin marker', `${END_MARKER}\n`],
    ['two begin markers', `${BEGIN_MARKER}\n${BEGIN_MARKER}\n${END_MARKER}\n`],
    ['two end markers', `${BEGIN_MARKER}\n${END_MARKER}\n${END_MARKER}\n`],
    ['the end before the begin', `${END_MARKER}\n${BEGIN_MARKER}\n`],
  ])('refuses a page with %s', (_case, text) => {
    expect(() => withGeneratedSection(text, 'new')).toThrow(/marker/);
  });
});

describe('markdownTable', () => {
  it('pads cells to their column as prettier does, escaping a pipe inside a cell', () => {
    const table = markdownTable(
      ['a', 'header'],
      [
        ['x|y', '£ – ≥ ’'],
        ['', 'longer than the header'],
      ],
    );
    expect(table).toBe(
      [
        '| a    | header                 |',
        '| ---- | ---------------------- |',
        '| x\\|y | £ – ≥ ’                |',
        '|      | longer than the header |',
      ].join('\n'),
    );
    expect(prettierFormatted(`${table}\n`)).toBe(`${table}\n`);
  });
});

describe('markdownText', () => {
  it('escapes what a renderer would take for a tag or emphasis, outside code spans only', () => {
    expect(markdownText('workflow webhook-recovery/<account id>/<id>, *not* `a<b*c`')).toBe(
      'workflow webhook-recovery/\\<account id>/\\<id>, \\*not\\* `a<b*c`',
    );
  });

  it('leaves plain text as it is', () => {
    expect(markdownText('Find UK companies by name (1–100).')).toBe('Find UK companies by name (1–100).');
  });
});

describe('typeSummary', () => {
  it.each([
    [{ type: 'integer', minimum: 1, maximum: 100 }, 'integer 1–100'],
    [{ type: 'integer', minimum: 0, maximum: 100_000 }, 'integer 0–100,000'],
    [{ type: 'integer', minimum: 1, maximum: 2_147_483_647 }, 'integer ≥ 1'],
    [{ type: 'integer' }, 'integer'],
    [{ type: 'string', enum: ['asc', 'desc'] }, 'one of `asc`, `desc`'],
    [{ type: 'string', maxLength: 200 }, 'string, up to 200 characters'],
    [{ type: 'string', format: 'date' }, 'date (YYYY-MM-DD)'],
    [{ type: 'string', pattern: '^\\d{4,5}$' }, 'string matching `^\\d{4,5}$`'],
    [{ anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] }, 'boolean'],
    [
      { anyOf: [{ type: 'string', maxLength: 2048 }, { type: 'null' }] },
      'string, up to 2048 characters or null',
    ],
    [
      { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 100 },
      'array of string, 1–100 items',
    ],
    [{}, 'any'],
  ])('%j reads as %s', (schema, summary) => {
    expect(typeSummary(schema)).toBe(summary);
  });
});
