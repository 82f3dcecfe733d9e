import type { z } from 'zod';
import { ServiceError } from '../domain/errors';

/**
 * A query parameter the operation reads as a number, sent with no value (`?offset=`, `?turnover_max=`), is refused
 * here: zod's number coercion reads an empty string as 0, so `turnover_max=` screened for "at most £0" (the fuzzer
 * found it). The same inputs reach the MCP tools as JSON numbers, where no empty string can stand for one.
 */
export function refuseEmptyNumberQuery(input: z.ZodType, query: Record<string, unknown>): void {
  const numbers = numberArgumentsOf(input);
  const problems = Object.entries(query)
    .filter(([name, value]) => numbers.has(name) && isBlank(value))
    .map(([name]) => ({ argument: name, problem: 'Expected a number, received an empty value' }));
  const first = problems[0];
  if (first) {
    throw new ServiceError('invalid_argument', `Invalid argument ${first.argument}: ${first.problem}`, {
      problems,
    });
  }
}

/** Each operation's number arguments, read from its schema once rather than on every request. */
const numberArguments = new WeakMap<z.ZodType, ReadonlySet<string>>();

function numberArgumentsOf(input: z.ZodType): ReadonlySet<string> {
  let names = numberArguments.get(input);
  if (!names) {
    const shape = objectShape(input) ?? {};
    names = new Set(Object.keys(shape).filter((name) => isNumber(shape[name]!)));
    numberArguments.set(input, names);
  }
  return names;
}

function isBlank(value: unknown): boolean {
  const values = Array.isArray(value) ? value : [value];
  return values.some((one) => typeof one === 'string' && one.trim() === '');
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Through the wrappers an argument may wear (optional, default, nullable, a pipe's input side). */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!next) return current;
    current = next;
  }
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(unwrapped(schema));
  return def.type === 'object' ? def.shape : undefined;
}

function isNumber(schema: z.ZodType): boolean {
  const type = defOf(unwrapped(schema)).type;
  return type === 'number' || type === 'bigint';
}
