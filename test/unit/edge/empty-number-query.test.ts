import { refuseEmptyNumberQuery } from '../../../src/http/empty-number-query';
import { openApiDocument } from '../../../src/http/openapi';
import { operations } from '../../../src/operations';
import { ServiceError } from '../../../src/domain/errors';

// Every query parameter the OpenAPI document types as a number: sent empty, it is refused by name before zod's
// coercion can read it as 0; sent as a number, or a string parameter sent empty, this guard lets it through.

type Parameter = { name: string; in: string; schema: { type?: string } };
const document = openApiDocument(operations, 'http://127.0.0.1:3000');
const queryParameters = Object.values(
  document.paths as Record<string, Record<string, { operationId: string; parameters?: Parameter[] }>>,
).flatMap((methods) =>
  Object.values(methods).flatMap((operation) =>
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => ({ operationId: operation.operationId, ...parameter })),
  ),
);
const byName = new Map(operations.map((operation) => [operation.name, operation]));
const numeric = queryParameters.filter((p) => p.schema.type === 'number' || p.schema.type === 'integer');
const textual = queryParameters.filter((p) => p.schema.type === 'string');

function refusal(run: () => void): ServiceError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  return undefined;
}

test('the document has number query parameters on several operations (the table below is not empty)', () => {
  expect(new Set(numeric.map((p) => p.operationId)).size).toBeGreaterThanOrEqual(5);
  expect(numeric.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'turnover_max']));
});

test.each(numeric.map((p) => [p.operationId, p.name]))('%s ?%s= is refused by name', (operationId, name) => {
  const input = byName.get(operationId)!.input;
  for (const empty of ['', '  ']) {
    const error = refusal(() => refuseEmptyNumberQuery(input, { [name]: empty }));
    expect(error?.code).toBe('invalid_argument');
    expect(error?.details).toEqual({
      problems: [{ argument: name, problem: 'Expected a number, received an empty value' }],
    });
  }
  expect(refusal(() => refuseEmptyNumberQuery(input, { [name]: '5' }))).toBeUndefined();
});

test('an empty string parameter is left to its own rules, and a repeated number with one empty value is refused', () => {
  const withText = textual.find((p) => byName.get(p.operationId)!.input)!;
  expect(
    refusal(() => refuseEmptyNumberQuery(byName.get(withText.operationId)!.input, { [withText.name]: '' })),
  ).toBeUndefined();
  const screen = byName.get('screen_companies')!.input;
  expect(refusal(() => refuseEmptyNumberQuery(screen, { turnover_max: ['10', ''] }))?.code).toBe(
    'invalid_argument',
  );
});
