import { planAllows } from '../domain/accounts/plans';
import { ServiceError, type ErrorCode } from '../domain/errors';
import type { Account } from '../db/entities/account';
import { normaliseCompanyNumber } from '../domain/companies/company-number';
import { withAccount, type CallContext } from './call-context';
import { refuseNulCharacters } from './nul-characters';
import type { KeyedOperation, Operation, OperationContext } from './operation';

/**
 * Runs one operation the same way for every edge (REST and MCP): input validation, plan check, quota charge,
 * the on-demand fetch of the company the call is about, handler, output validation. The caller has authenticated already; errors are thrown for the edge to map.
 * Bad input is refused before anything is charged; a call outside the plan is not charged either, nor is a
 * replay of an answer already given under the same idempotency key, nor one stopped by its deadline. A NUL character anywhere in the input is
 * bad input too, refused here for REST and MCP alike before any schema, handler or database sees it.
 */
export async function invokeOperation(
  operation: Operation,
  rawInput: unknown,
  context: CallContext,
  account: Account | undefined,
): Promise<unknown> {
  refuseNulCharacters(rawInput);
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
  const authenticated = withAccount(context, account);
  // An answer already given under the same idempotency key is given again, uncharged.
  const replayed = operation.replay ? await operation.replay(input, authenticated) : undefined;
  if (replayed !== undefined) return operation.output.parse(replayed);
  const cost = typeof operation.cost === 'number' ? operation.cost : operation.cost(input);
  const charge = await context.services.quotas.chargeRequests(account, cost);
  try {
    await fetchCompanyOnDemand(operation, input, context);
    return operation.output.parse(await operation.handler(input, authenticated));
  } catch (error) {
    if (error instanceof ServiceError && UNCHARGED_FAILURES.has(error.code)) await charge.refund();
    throw error;
  }
}

/** Failures that are the service's, not the caller's: the call's charge is given back. */
const UNCHARGED_FAILURES: ReadonlySet<ErrorCode> = new Set(['deadline_exceeded']);

/**
 * A company the call is about, made ready to answer for when a Companies House key is configured: fetched now if
 * the store does not hold it, refreshed in the background if held too long. A malformed number is left for the
 * handler to refuse as it always has.
 */
async function fetchCompanyOnDemand(
  operation: KeyedOperation,
  input: unknown,
  context: OperationContext,
): Promise<void> {
  const { liveCompanies } = context.services;
  const raw = operation.companyOnDemand?.(input);
  if (liveCompanies === undefined || raw === undefined || raw === null) return;
  const number = normaliseCompanyNumber(raw);
  if (number.ok) await liveCompanies.ensureCurrent(number.companyNumber);
}
