import { COMPANY_NUMBER_INPUT_PATTERN } from '../operations/company-number-input';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '../operations/idempotency-key';
import type { Operation } from '../operations/operation';
import type { OperationShape } from './openapi-errors';
import { asAccepted, schemaOf, type JsonSchema } from './openapi-schemas';

export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
}

function mentionsCompanyNumber(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  if ((schema as JsonSchema).pattern === COMPANY_NUMBER_INPUT_PATTERN) return true;
  return Object.values(schema).some(mentionsCompanyNumber);
}

/** Path and query parameters, the Idempotency-Key header, and the JSON body of one operation. */
export function operationInput(operation: Operation) {
  const input = asAccepted(schemaOf(operation.input, 'input')) as JsonSchema;
  const inPath = new Set(pathParameters(operation.path));
  const hasBody = operation.method === 'POST' || operation.method === 'PATCH';
  const properties = input.properties ?? {};
  const required = new Set(input.required ?? []);
  const parameters: Record<string, unknown>[] = Object.entries(properties)
    .filter(([name]) => inPath.has(name) || !hasBody)
    .map(([name, schema]) => ({
      name,
      in: inPath.has(name) ? 'path' : 'query',
      required: inPath.has(name) || required.has(name),
      schema,
    }));
  // Operations that honour an idempotency key take it as a header (the body may also carry it: see their input).
  if (operation.auth === 'api_key' && operation.replay !== undefined) {
    parameters.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      schema: schemaOf(idempotencyKeySchema, 'input'),
    });
  }
  const bodyRequired = [...required].filter((name) => !inPath.has(name));
  const requestBody = hasBody
    ? {
        required: bodyRequired.length > 0,
        content: {
          'application/json': {
            schema: {
              ...input,
              properties: Object.fromEntries(
                Object.entries(properties).filter(([name]) => !inPath.has(name)),
              ),
              required: bodyRequired,
            },
          },
        },
      }
    : undefined;
  const shape: OperationShape = {
    hasBody,
    hasPathParameters: inPath.size > 0,
    takesCompanyNumber: mentionsCompanyNumber(input),
  };
  return { parameters, requestBody, shape };
}
