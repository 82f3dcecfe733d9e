import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ErrorBody, TestApp } from './test-app';

/** A real MCP client on the app's /mcp endpoint, sending the key in X-Api-Key (or as a bearer token). */
export async function connectMcp(
  app: TestApp,
  apiKey: string,
  { name = 'test-agent', header = 'x-api-key' }: { name?: string; header?: 'x-api-key' | 'bearer' } = {},
): Promise<Client> {
  const headers: Record<string, string> =
    header === 'bearer' ? { Authorization: `Bearer ${apiKey}` } : { 'X-Api-Key': apiKey };
  const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
    requestInit: { headers },
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** The error object of an isError tool result (its first text part is the REST error body). */
export function toolError(result: unknown): ErrorBody['error'] {
  const [first] = (result as { content: { text: string }[] }).content;
  return (JSON.parse(first!.text) as ErrorBody).error;
}

/**
 * Calls a tool and checks its structuredContent against the output schema the server lists for it, the way a
 * strict client would; returns the structured content. Fails the test when the tool errs or the schema rejects.
 */
export async function callToolChecked(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === name);
  if (!tool?.outputSchema) throw new Error(`tool ${name} is not listed with an output schema`);
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`tool ${name} failed: ${JSON.stringify(result.content)}`);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(tool.outputSchema);
  if (!validate(result.structuredContent))
    throw new Error(`tool ${name} output fails its schema: ${ajv.errorsText(validate.errors)}`);
  return result.structuredContent as Record<string, unknown>;
}
