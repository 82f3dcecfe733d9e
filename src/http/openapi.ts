import Router from '@koa/router';
import type { Operation } from '../operations/operation';
import { documentedErrorCodes, errorResponseComponents, errorResponses, errorSchema } from './openapi-errors';
import { operationInput } from './openapi-input';
import { schemaOf } from './openapi-schemas';
import type { AppState } from './state';

function operationObject(operation: Operation) {
  const { parameters, requestBody, shape } = operationInput(operation);
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
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(operation.successStatus ?? 200)]: {
        description: 'Success',
        content: { 'application/json': { schema: schemaOf(operation.output, 'output') } },
      },
      ...errorResponses(documentedErrorCodes(operation, shape)),
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
        'UK company data, change monitoring and signed webhooks. The same operations are MCP tools at POST /mcp, ' +
        'which also takes OAuth 2.1 access tokens (docs/api.md, Connecting an assistant). ' +
        'Every error answer has the Error body; each operation lists the statuses it can answer and, in their ' +
        'descriptions, the error codes (docs/errors.md).',
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        Bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: { Error: errorSchema },
      responses: errorResponseComponents(),
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
