import type { Context } from 'koa';
import type { z } from 'zod';
import type { Account } from '../db/entities/account';
import { callContext } from '../operations/call-context';
import { invokeOperation } from '../operations/invoke';
import type { Operation } from '../operations/operation';
import type { Services } from '../services';

/**
 * A page's call of an operation from the table, made exactly as the REST route makes it (the same call context
 * and invokeOperation: the same validation, plan check, quota charge and handler), with the signed-in account in
 * place of the key's. The quota is the account's, whichever face spends it. Errors are thrown for the page to show.
 */
export async function callOperation<O extends Operation>(
  operation: O,
  input: Record<string, unknown>,
  request: { ctx: Context; services: Services; now: Date; account: Account | undefined },
): Promise<z.infer<O['output']>> {
  const context = callContext(request.services, { now: request.now, clientAddress: request.ctx.ip });
  return (await invokeOperation(operation, input, context, request.account)) as z.infer<O['output']>;
}
