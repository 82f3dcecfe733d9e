import Router from '@koa/router';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '../operations/idempotency-key';
import type { Operation } from '../operations/operation';
import type { AppState } from './state';

type JsonSchema = {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
  [key: string]: unknown;
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
}

const errorResponse = {
  description: 'Error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

function operationObject(operation: Operation) {
  const input = schemaOf(operation.input, 'input');
  const inPath = new Set(pathParameters(operation.path));
  const properties = input.properties ?? {};
  const required = new Set(input.required ?? []);
  const parameters = Object.entries(properties)
    .filter(([name]) => inPath.has(name) || operation.method === 'GET' || operation.method === 'DELETE')
    .map(([name, schema]) => ({
      name,
      in: inPath.has(name) ? 'path' : 'query',
      required: inPath.has(name) || required.has(name),
      schema,
    }));
  // Operations that honour an idempotency key take it as a header (the body may also carry it: see their input).
  const replays = operation.auth === 'api_key' && operation.replay !== undefined;
  if (replays) {
    parameters.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      schema: schemaOf(idempotencyKeySchema, 'input'),
    });
  }
  const bodyProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => !inPath.has(name)));
  const hasBody = operation.method === 'POST' || operation.method === 'PATCH';
  const keyed = operation.auth === 'api_key';
  return {
    operationId: operation.name,
    summary: operation.title,
    description: operation.description,
    ...(keyed ? { security: [{ ApiKey: [] }, { Bearer: [] }] } : { security: [] }),
    ...(keyed
      ? {
          'x-lowest-plan': operation.lowestPlan,
          // A cost that depends on the input is explained in the description.
          'x-cost': typeof operation.cost === 'number' ? operation.cost : 'varies',
        }
      : {}),
    ...(operation.tool ? { 'x-mcp-tool': operation.name } : {}),
    parameters,
    ...(hasBody
      ? {
          requestBody: {
            required: required.size > 0,
            content: {
              'application/json': {
                schema: {
                  ...input,
                  properties: bodyProperties,
                  required: [...required].filter((n) => !inPath.has(n)),
                },
              },
            },
          },
        }
      : {}),
    responses: {
      [String(operation.successStatus ?? 200)]: {
        description: 'Success',
        content: { 'application/json': { schema: schemaOf(operation.output, 'output') } },
      },
      '400': errorResponse,
      ...(keyed ? { '401': errorResponse, '403': errorResponse, '429': errorResponse } : {}),
      '404': errorResponse,
      ...(replays ? { '409': errorResponse } : {}),
    },
  };
}

/** GET /openapi.json: generated from the operation table, like the REST routes and the MCP tools. */
export function openApiDocument(operations: readonly Operation[], baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method.toLowerCase()]: operationObject(operation),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Company data service',
      version: '1.0.0',
      description:
        'UK company data, change monitoring and signed webhooks. The same operations are MCP tools at POST /mcp.',
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        Bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'details', 'request_id'],
              properties: {
                code: { type: 'string' },
                message: { type: 'string' },
                details: { type: 'object' },
                request_id: { type: 'string' },
              },
            },
          },
        },
      },
    },
  };
}

export function openApiRoute(operations: readonly Operation[], baseUrl: string): Router<AppState> {
  const document = openApiDocument(operations, baseUrl);
  const router = new Router<AppState>();
  router.get('/openapi.json', (ctx) => {
    ctx.body = document;
  });
  return router;
}
