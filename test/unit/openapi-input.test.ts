import Ajv2020 from 'ajv/dist/2020';
import { openApiDocument } from '../../src/http/openapi';
import { NUL_FREE_PATTERN } from '../../src/http/openapi-schemas';
import { operations } from '../../src/operations';
import { COMPANY_NUMBER_INPUT_PATTERN } from '../../src/operations/company-number-input';
import { trimmedText, trimmedTextPattern } from '../../src/operations/trimmed-text';

// The document's parameters and bodies against what the API accepts: as strict as the edge and zod, no stricter.

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required: boolean; schema: Schema };
type OperationObject = {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
};
const document = openApiDocument(operations, 'http://127.0.0.1:3000');
const operationObjects = Object.values(
  document.paths as Record<string, Record<string, OperationObject>>,
).flatMap((methods) => Object.values(methods));

/** Every input schema with where it is: path and query parameters, headers, body properties at any depth. */
function inputSchemas(): { where: string; name: string; schema: Schema }[] {
  const found: { where: string; name: string; schema: Schema }[] = [];
  const visit = (where: string, name: string, schema: unknown) => {
    if (typeof schema !== 'object' || schema === null) return;
    const node = schema as Schema;
    found.push({ where, name, schema: node });
    for (const [property, value] of Object.entries((node.properties as Schema | undefined) ?? {}))
      visit(where, property, value);
    if (node.items) visit(where, `${name}[]`, node.items);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      for (const branch of (node[key] as unknown[] | undefined) ?? []) visit(where, name, branch);
  };
  for (const operation of operationObjects) {
    for (const parameter of operation.parameters)
      visit(`${operation.operationId} ${parameter.in}`, parameter.name, parameter.schema);
    const body = operation.requestBody?.content['application/json'].schema;
    if (body) visit(`${operation.operationId} body`, '(body)', body);
  }
  return found;
}
const strings = () => inputSchemas().filter(({ schema }) => schema.type === 'string');

/**
 * Whether a pattern could match a string holding U+0000, read from its source: only a dot, a negated class
 * without U+0000, or \D \S \W \s-free complements can. (No pattern here spells U+0000 out to allow it.)
 */
function canMatchNul(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      if ('DSW'.includes(pattern[i + 1]!)) return true;
      i++;
    } else if (c === '.') {
      return true;
    } else if (c === '[') {
      let end = i + 1;
      while (end < pattern.length && pattern[end] !== ']') end += pattern[end] === '\\' ? 2 : 1;
      const body = pattern.slice(i + 1, end);
      if (body.startsWith('^') && !/\\u0000|\\x00|\\0/.test(body)) return true;
      if (/\\[DSW]/.test(body)) return true;
      i = end;
    }
  }
  return false;
}

describe('the NUL check on patterns', () => {
  it.each([
    ['^[^/\\s]{1,80}$', true],
    ['^.*$', true],
    ['^[\\s\\S]*$', true],
    ['^\\D+$', true],
    [NUL_FREE_PATTERN, false],
    ['^\\d{4,5}$', false],
    ['^[^/\\u0000]{1,80}$', false],
    ['^[\\x21-\\x7e]+$', false],
  ])('%s: %s', (pattern, expected) => {
    expect(canMatchNul(pattern)).toBe(expected);
  });
});

describe('input strings', () => {
  it('refuse U+0000 in every string, as the edge does', () => {
    const open = strings().filter(
      ({ schema }) =>
        !('enum' in schema) &&
        !('const' in schema) &&
        (typeof schema.pattern !== 'string' || canMatchNul(schema.pattern)),
    );
    expect(open.map(({ where, name }) => `${where} ${name}`)).toEqual([]);
  });

  it('are not stricter than zod: a string with no rule of its own takes any other character', () => {
    const ajv = new Ajv2020({ strict: false });
    const plain = strings().find(({ schema }) => schema.pattern === NUL_FREE_PATTERN)!;
    const validate = ajv.compile({ ...plain.schema, minLength: undefined, maxLength: undefined });
    expect(validate('line one\nline two, tab\t, emoji 🙂, \u2028')).toBe(true);
    expect(validate('before\u0000after')).toBe(false);
  });

  it('use no \\s or \\w, which ECMAScript and Python read as different sets', () => {
    const engineDependent = strings().filter(
      ({ schema }) => typeof schema.pattern === 'string' && /\\[sSwWb]/.test(schema.pattern),
    );
    expect(engineDependent.map(({ where, name }) => `${where} ${name}`)).toEqual([]);
  });

  it('carry no email format beside zod’s own email pattern (the two disagree on long local parts)', () => {
    const emails = strings().filter(({ name }) => name === 'email');
    expect(emails.length).toBeGreaterThan(0);
    for (const { schema } of emails) {
      expect(schema.format).toBeUndefined();
      expect(schema.pattern).toEqual(expect.any(String));
    }
  });

  it('keep the date format beside the date pattern', () => {
    const asOf = strings().find(
      ({ where, name }) => where.startsWith('get_health_score') && name === 'as_of',
    );
    expect(asOf?.schema).toMatchObject({ format: 'date', pattern: expect.any(String) });
  });
});

describe('formats', () => {
  it('are only those JSON Schema defines, in inputs and answers (zod names some checks as formats)', () => {
    const formats = new Set([...JSON.stringify(document).matchAll(/"format":"([^"]+)"/g)].map((m) => m[1]));
    expect([...formats].sort()).toEqual(['date', 'date-time']);
  });
});

describe('trimmed text', () => {
  it.each([
    [1, 4],
    [2, 5],
    [1, 2],
  ])('between %i and %i characters once trimmed: the pattern accepts what zod accepts', (min, max) => {
    const pattern = new RegExp(trimmedTextPattern(min, max));
    const schema = trimmedText(min, max);
    const alphabet = ['a', 'é', ' ', '\t', '\n', '\u3000', '\ufeff', '\u0000', '\u180e'];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const length = Math.floor(random() * (max + 5));
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      // U+0000 is refused by the edge before zod sees it: the pattern refuses it too.
      const accepted = schema.safeParse(text).success && !text.includes('\u0000');
      if (pattern.test(text) !== accepted) disagreements.push(JSON.stringify(text));
    }
    expect(disagreements).toEqual([]);
  });

  it('is documented by its pattern alone: the text as sent may be longer than its trimmed length', () => {
    const name = strings().find(({ where, name }) => where === 'create_list body' && name === 'name')!;
    expect(name.schema.pattern).toBe(trimmedTextPattern(1, 100));
    expect(name.schema).not.toHaveProperty('minLength');
    expect(name.schema).not.toHaveProperty('maxLength');
  });
});

describe('company numbers', () => {
  const companyNumbers = () => strings().filter(({ name }) => /^company_numbers?(\[\])?$/.test(name));

  it('are documented with the pattern the normaliser accepts, wherever they are taken', () => {
    const found = companyNumbers();
    expect(found.length).toBeGreaterThanOrEqual(15);
    expect(found.filter(({ schema }) => schema.pattern !== COMPANY_NUMBER_INPUT_PATTERN)).toEqual([]);
  });

  it('in a path, in a query, in a body and in a body’s list', () => {
    const places = new Set(companyNumbers().map(({ where, name }) => `${where.split(' ')[1]} ${name}`));
    expect([...places]).toEqual(
      expect.arrayContaining([
        'path company_number',
        'query company_number',
        'body company_number',
        'body company_numbers[]',
      ]),
    );
  });
});

describe('parameters', () => {
  it('every path parameter is required and named in the path', () => {
    for (const [path, methods] of Object.entries(
      document.paths as Record<string, Record<string, OperationObject>>,
    )) {
      for (const operation of Object.values(methods)) {
        const inPath = operation.parameters.filter((parameter) => parameter.in === 'path');
        expect(inPath.map((parameter) => `{${parameter.name}}`).sort()).toEqual(
          (path.match(/\{[^}]+\}/g) ?? []).sort(),
        );
        expect(inPath.every((parameter) => parameter.required)).toBe(true);
      }
    }
  });

  it('a body operation takes its arguments in the body, not the query', () => {
    for (const operation of operationObjects.filter((o) => o.requestBody)) {
      expect(operation.parameters.filter((parameter) => parameter.in === 'query')).toEqual([]);
    }
  });
});
