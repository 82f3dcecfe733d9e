import { McpError, ErrorCode, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { invalidArgument } from './errors';
import { invokeOperation } from '../operations/invoke';
import type { CallContext } from '../operations/call-context';
import type { KeyedOperation, Operation } from '../operations/operation';
import type { Account } from '../db/entities/account';
import { nextStep } from './next-steps';

/** The operations that are MCP tools: those with tool annotations (the spec's 18). */
export function toolOperations(operations: readonly Operation[]): KeyedOperation[] {
  return operations.filter((op): op is KeyedOperation => op.auth === 'api_key' && op.tool !== undefined);
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest as Tool['inputSchema'];
}

/** tools/list, generated from the operation table: nothing here is written per tool. */
export function toolDefinitions(operations: readonly KeyedOperation[]): Tool[] {
  return operations.map((op) => ({
    name: op.name,
    title: op.title,
    description: `${op.description} Lowest plan: ${op.lowestPlan}.${typeof op.cost === 'number' ? ` Costs ${op.cost} request${op.cost === 1 ? '' : 's'}.` : ''}`,
    inputSchema: jsonSchema(op.input, 'input'),
    outputSchema: jsonSchema(op.output, 'output') as Tool['outputSchema'],
    annotations: { title: op.title, ...op.tool },
  }));
}

/** A failed call as the assistant sees it: a stable code, the message, the details and a next step. */
export function toolError(error: ServiceError, requestId: string): CallToolResult {
  const body = {
    error: {
      code: error.code,
      message: error.message,
      details: error.details ?? {},
      next_step: nextStep(error),
      request_id: requestId,
    },
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

export async function callTool(
  operations: readonly KeyedOperation[],
  name: string,
  args: unknown,
  context: CallContext,
  account: Account,
  requestId: string,
): Promise<CallToolResult> {
  const operation = operations.find((op) => op.name === name);
  // An unknown tool is a protocol error (JSON-RPC), not a tool failure.
  if (!operation) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  try {
    const result = (await invokeOperation(operation, args ?? {}, context, account)) as Record<
      string,
      unknown
    >;
    return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
  } catch (error) {
    if (error instanceof ServiceError) return toolError(error, requestId);
    if (error instanceof z.ZodError) return toolError(invalidArgument(error), requestId);
    throw error;
  }
}
