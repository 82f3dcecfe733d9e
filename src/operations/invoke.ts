import { planAllows } from '../domain/accounts/plans';
import { ServiceError } from '../domain/errors';
import type { Account } from '../db/entities/account';
import type { Operation, OperationContext } from './operation';

/**
 * Runs one operation the same way for every edge (REST and MCP): plan check, input validation, handler,
 * output validation. The caller has authenticated already; errors are thrown for the edge to map.
 */
export async function invokeOperation(
  operation: Operation,
  rawInput: unknown,
  context: OperationContext,
  account: Account | undefined,
): Promise<unknown> {
  const input = operation.input.parse(rawInput);
  if (operation.auth === 'none') return operation.output.parse(await operation.handler(input, context));
  if (!account) throw new ServiceError('unauthenticated', 'An API key is required');
  if (!planAllows(account.plan, operation.lowestPlan)) {
    throw new ServiceError(
      'plan_required',
      `${operation.name} needs the ${operation.lowestPlan} plan or higher; your plan is ${account.plan}. ` +
        `Upgrade at ${context.services.config.UPGRADE_URL}`,
      {
        required_plan: operation.lowestPlan,
        current_plan: account.plan,
        upgrade_url: context.services.config.UPGRADE_URL,
      },
    );
  }
  return operation.output.parse(await operation.handler(input, { ...context, account }));
}
