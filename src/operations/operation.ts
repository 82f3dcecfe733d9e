import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import type { Account } from '../db/entities/account';
import type { PlanName } from '../domain/accounts/plans';
import type { ErrorCode } from '../domain/errors';
import type { Services } from '../services';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface OperationContext {
  services: Services;
  /** The call's unit of work, forked from the ORM when first used (call-context.ts). */
  em: EntityManager;
  /**
   * For plain SQL reads through readRows only (db/read-query.ts): the ORM's root, which finds the read threads
   * and the inline reader without forking a unit of work. Never for entities or writes: MikroORM refuses those
   * on the root (allowGlobalContext is off).
   */
  reads: EntityManager;
  now: Date;
  /** The request's Idempotency-Key (REST header; MCP header or tool argument), for operations with `replay`. */
  idempotencyKey?: string;
  /**
   * The caller's address as the edge saw it (Koa's ctx.ip: the socket's peer, or X-Forwarded-For where the
   * service sits behind a proxy in production), for limits per client such as sign-up's.
   */
  clientAddress?: string;
}

export interface AuthenticatedContext extends OperationContext {
  account: Account;
}

interface OperationBase<I extends z.ZodType, O extends z.ZodType> {
  /** snake_case; also the MCP tool name when the operation is a tool. */
  name: string;
  title: string;
  description: string;
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/company/{company_number}`. */
  path: string;
  /** Path parameters, query string and JSON body, merged into one object and validated together. */
  input: I;
  output: O;
  /** HTTP status of a success (201 for creations). */
  successStatus?: 200 | 201 | 202;
  /**
   * Error codes this operation's own rules can answer, beyond those every operation of its kind can (bad
   * input, a missing key, the plan, the quota): e.g. `conflict` for a taken list name. The OpenAPI document
   * lists a response for each, so the document and the code cannot drift apart.
   */
  errors?: readonly ErrorCode[];
  /** MCP tool annotations; an operation without them is REST-only. */
  tool?: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

/** Open to anyone (sign-up): no key, no plan, no quota. */
export interface PublicOperation<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> extends OperationBase<I, O> {
  auth: 'none';
  handler(input: z.infer<I>, context: OperationContext): Promise<z.infer<O>>;
}

/** Needs an API key; the lowest plan that may call it and what one call costs against the quota. */
export interface KeyedOperation<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> extends OperationBase<I, O> {
  auth: 'api_key';
  lowestPlan: PlanName;
  /** Requests charged per call; a function when the cost depends on the input (add_companies_to_list). */
  cost: number | ((input: z.infer<I>) => number);
  /**
   * For operations that honour an idempotency key: the answer already given to this request, or undefined to
   * run it. Runs after the plan check and before the charge, so a replay is never charged twice.
   */
  replay?(input: z.infer<I>, context: AuthenticatedContext): Promise<z.infer<O> | undefined>;
  /**
   * For operations about one company: the company number in the input as given (null when the call names
   * none). With a Companies House key, invoke.ts fetches a company the store does not hold before the handler
   * runs and refreshes a stale one in the background; without one this does nothing.
   */
  companyOnDemand?(input: z.infer<I>): string | null | undefined;
  handler(input: z.infer<I>, context: AuthenticatedContext): Promise<z.infer<O>>;
}

export type Operation = PublicOperation | KeyedOperation;

/** Identity functions that keep each operation's input and output types inferred from its schemas. */
export function publicOperation<I extends z.ZodType, O extends z.ZodType>(
  operation: Omit<PublicOperation<I, O>, 'auth'>,
): PublicOperation<I, O> {
  return { ...operation, auth: 'none' };
}

export function keyedOperation<I extends z.ZodType, O extends z.ZodType>(
  operation: Omit<KeyedOperation<I, O>, 'auth'>,
): KeyedOperation<I, O> {
  return { ...operation, auth: 'api_key' };
}
