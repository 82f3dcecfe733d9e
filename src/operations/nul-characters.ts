import { ServiceError } from '../domain/errors';

const NUL = '\u0000';
const PROBLEM = 'contains a NUL character (U+0000)';
// A path deeper than this is named by its first steps and its depth: enough to find it, never a huge message.
const NAMED_STEPS = 8;

interface Step {
  value: unknown;
  key: string | number | undefined;
  parent: Step | undefined;
}

/**
 * Refuses input holding U+0000 anywhere (a value or a key, at any depth) as `invalid_argument` naming where.
 * PostgreSQL text cannot store NUL and fails the whole statement, so such input used to reach a handler and
 * come back as a 500 (a -32603 over MCP); no argument of this API has a use for it. Walked with an explicit
 * stack, not recursion, and each step points at its parent instead of copying a path: a body may nest arrays
 * 10,000 deep and still fit under the body limit.
 */
export function refuseNulCharacters(input: unknown): void {
  const pending: Step[] = [{ value: input, key: undefined, parent: undefined }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const { value } = step;
    if (typeof value === 'string') {
      if (value.includes(NUL)) throw nulRefused(step);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, key: index, parent: step }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        // A key cannot name itself (it holds the NUL): the problem is placed on the object holding it.
        if (key.includes(NUL)) throw nulRefused(step, 'a key in it');
        pending.push({ value: item, key, parent: step });
      }
    }
  }
}

function pathOf(step: Step): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

function nulRefused(step: Step, where?: string): ServiceError {
  const path = pathOf(step);
  const named =
    path.length > NAMED_STEPS
      ? `${path.slice(0, NAMED_STEPS).join('.')}… (depth ${path.length})`
      : path.join('.');
  const argument = path.length === 0 ? '(body)' : named;
  const problem = where ? `${where} ${PROBLEM}` : PROBLEM;
  return new ServiceError('invalid_argument', `Invalid argument ${argument}: ${problem}`, {
    problems: [{ argument, problem }],
  });
}
