import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { errorCodes, type ErrorCode } from '../../src/domain/errors';
import { httpStatusOf } from '../../src/http/error-status';
import { openApiDocument } from '../../src/http/openapi';
import { errorResponseNames } from '../../src/http/openapi-errors';
import { operations } from '../../src/operations';
import type { Operation } from '../../src/operations/operation';

// The OpenAPI document against the operation table: every error an operation can answer is documented with the
// shared Error body, and nothing the edge sends fails the schema it documents.

type Responses = Record<string, { $ref?: string; description?: string }>;
type OperationObject = { responses: Responses; parameters: { in: string }[]; requestBody?: unknown };
const document = openApiDocument(operations, 'http://127.0.0.1:3000');
const paths = document.paths as Record<string, Record<string, OperationObject>>;
const operationObject = (operation: Operation) => paths[operation.path]![operation.method.toLowerCase()]!;
const byName = operations.map((operation) => [operation.name, operation] as const);

function documents(operation: Operation, code: ErrorCode): boolean {
  const response = operationObject(operation).responses[String(httpStatusOf[code])];
  return response?.description?.includes(code) ?? false;
}

describe('each operation documents the errors of its kind', () => {
  it.each(byName)('%s', (_name, operation) => {
    const object = operationObject(operation);
    const expected: ErrorCode[] = ['invalid_argument'];
    if (operation.method === 'POST' || operation.method === 'PATCH')
      expected.push('invalid_json', 'payload_too_large', 'unsupported_media_type');
    if (object.parameters.some((parameter) => parameter.in === 'path')) expected.push('not_found');
    if (operation.auth === 'api_key') {
      expected.push('unauthenticated', 'rate_limited');
      if (operation.lowestPlan !== 'free') expected.push('plan_required');
      if (operation.companyOnDemand) expected.push('unavailable');
      if (operation.replay) expected.push('conflict');
    }
    expect(expected.filter((code) => !documents(operation, code))).toEqual([]);
  });

  it('and a public operation none about keys, plans or quotas of its own', () => {
    const signup = operations.find((operation) => operation.auth === 'none')!;
    const statuses = Object.keys(operationObject(signup).responses);
    expect(statuses).not.toContain('401');
    expect(statuses).not.toContain('403');
  });
});

describe('each operation documents its own rules (errors)', () => {
  it.each(byName)('%s', (_name, operation) => {
    expect((operation.errors ?? []).filter((code) => !documents(operation, code))).toEqual([]);
  });
});

/*
 * What an operation's code can throw, read from the source: `new ServiceError('code'` and `notFound(` in the
 * operation's file and, by name, in every function of src/operations and src/domain it calls, however deep. An
 * over-approximation (it follows calls the data never makes); the exceptions below say why each is unreachable.
 */
const src = resolve(__dirname, '../../src');

interface Module {
  imports: Map<string, { file: string; name: string }>;
  functions: Map<string, string>;
  text: string;
}
const modules = new Map<string, Module | null>();

function load(file: string): Module | null {
  if (!modules.has(file)) {
    if (!existsSync(file)) {
      modules.set(file, null);
    } else {
      const text = readFileSync(file, 'utf8');
      const imports = new Map<string, { file: string; name: string }>();
      for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']*)'/g)) {
        for (const part of match[1]!.split(',')) {
          const [name, alias] = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/);
          if (name)
            imports.set((alias ?? name).trim(), { file: `${resolve(dirname(file), match[2]!)}.ts`, name });
        }
      }
      const starts = [
        ...text.matchAll(/^(?:export\s+)?(?:async\s+)?(?:function\s+([\w$]+)|const\s+([\w$]+)\s*=)/gm),
      ];
      const functions = new Map(
        starts.map((start, i) => [start[1] ?? start[2]!, text.slice(start.index, starts[i + 1]?.index)]),
      );
      modules.set(file, { imports, functions, text });
    }
  }
  return modules.get(file)!;
}

function thrownCodes(file: string, name: string | null, seen = new Set<string>()): Set<ErrorCode> {
  const codes = new Set<ErrorCode>();
  const module = load(file);
  const body = name === null ? module?.text : module?.functions.get(name);
  if (!module || body === undefined || seen.has(`${file}#${name}`)) return codes;
  seen.add(`${file}#${name}`);
  for (const match of body.matchAll(/new ServiceError\(\s*'([a-z_]+)'/g)) codes.add(match[1] as ErrorCode);
  if (/\bnotFound\(/.test(body)) codes.add('not_found');
  // A company number's normalisation result carries its one failure code.
  if (/new ServiceError\(\s*number\.code/.test(body)) codes.add('invalid_company_number');
  for (const [, called] of body.matchAll(/\b([\w$]+)\s*[(.]/g)) {
    const target = module.functions.has(called!) ? { file, name: called! } : module.imports.get(called!);
    const followed =
      target && [join(src, 'domain'), join(src, 'operations')].some((d) => target.file.startsWith(d));
    if (followed && !(target.file === file && target.name === name)) {
      for (const code of thrownCodes(target.file, target.name, seen)) codes.add(code);
    }
  }
  return codes;
}

/** Codes the source scan finds that the operation cannot answer, and why. */
const unreachable: Record<string, Partial<Record<ErrorCode, string>>> = {
  run_kyb_check: { not_found: 'loadCompanyFacts reads the PSC register only of a company it has just found' },
};

describe('each code an operation’s code throws is documented', () => {
  it.each(byName)('%s', (name, operation) => {
    const file = join(src, 'operations', `${name.replace(/_/g, '-')}.ts`);
    expect(existsSync(file)).toBe(true);
    const thrown = [...thrownCodes(file, null)].filter((code) => !unreachable[name]?.[code]);
    expect(thrown.filter((code) => !documents(operation, code))).toEqual([]);
  });

  it('the scan sees through calls: update_list refuses addresses through the domain', () => {
    const codes = thrownCodes(join(src, 'operations', 'update-list.ts'), null);
    expect([...codes]).toEqual(expect.arrayContaining(['webhook_address_refused', 'not_found']));
  });

  it('every exception names a code the scan really finds', () => {
    for (const [name, codes] of Object.entries(unreachable)) {
      const found = thrownCodes(join(src, 'operations', `${name.replace(/_/g, '-')}.ts`), null);
      for (const code of Object.keys(codes)) expect(found).toContain(code);
    }
  });
});

describe('error responses', () => {
  const components = document.components.responses as Record<string, { content: Record<string, unknown> }>;
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: 'openapi', components: document.components });
  const validatorOf = (status: number) =>
    ajv.getSchema(
      `openapi#/components/responses/${errorResponseNames[status]}/content/application~1json/schema`,
    )!;
  const body = (code: string) => ({ error: { code, message: 'm', details: {}, request_id: 'r' } });

  it('have a name for every status the code mapping holds (500 is a defect, never documented)', () => {
    const statuses = new Set(Object.values(httpStatusOf).filter((status) => status !== 500));
    for (const status of statuses) expect(components[errorResponseNames[status]!]).toBeDefined();
    expect(Object.keys(components)).toHaveLength(statuses.size);
  });

  it('every documented error status refers to one of them', () => {
    for (const [, operation] of byName) {
      for (const [status, response] of Object.entries(operationObject(operation).responses)) {
        if (Number(status) < 400) continue;
        expect(response.$ref).toBe(`#/components/responses/${errorResponseNames[Number(status)]}`);
      }
    }
  });

  it.each(errorCodes.filter((code) => code !== 'internal'))(
    'the body of %s matches its status’s schema',
    (code) => {
      expect(validatorOf(httpStatusOf[code])(body(code))).toBe(true);
    },
  );

  it('and not another status’s, nor a body missing a field or carrying one more', () => {
    expect(validatorOf(404)(body('conflict'))).toBe(false);
    expect(validatorOf(400)(body('no_such_code'))).toBe(false);
    expect(validatorOf(400)({ error: { code: 'invalid_argument', message: 'm', details: {} } })).toBe(false);
    expect(validatorOf(400)({ ...body('invalid_argument'), extra: 1 })).toBe(false);
  });

  it('429 documents Retry-After', () => {
    expect(components[errorResponseNames[429]!]).toMatchObject({
      headers: { 'Retry-After': expect.anything() },
    });
  });
});
