import { z } from 'zod';
import { ServiceError } from '../../../src/domain/errors';
import { formProblemOf } from '../../../src/web/form-problem';

describe("an operation's refusal as a form shows it", () => {
  it('puts each bad argument next to the field of the same name, with its status and code', () => {
    const error = new ServiceError('invalid_argument', 'Invalid argument name: too short', {
      problems: [
        { argument: 'name', problem: 'too short' },
        { argument: 'kind', problem: 'not a kind' },
      ],
    });
    expect(formProblemOf(error, ['name', 'kind'])).toEqual({
      status: 400,
      code: 'invalid_argument',
      fields: { name: 'too short', kind: 'not a kind' },
    });
  });

  it('reads an array element as its field, a malformed company number and a taken name by their details', () => {
    const element = new ServiceError('invalid_argument', 'x', {
      problems: [{ argument: 'company_numbers.3', problem: 'too long' }],
    });
    expect(formProblemOf(element, ['company_numbers'])?.fields).toEqual({ company_numbers: 'too long' });
    const malformed = new ServiceError('invalid_company_number', 'NOPE is not a company number', {
      argument: 'company_numbers',
      company_number: 'NOPE',
    });
    expect(formProblemOf(malformed, ['company_numbers'])).toEqual({
      status: 400,
      code: 'invalid_company_number',
      fields: { company_numbers: 'NOPE is not a company number' },
    });
    const taken = new ServiceError('conflict', 'A list named "X" already exists', {
      field: 'name',
      name: 'X',
    });
    expect(formProblemOf(taken, ['name', 'kind'])).toEqual({
      status: 409,
      code: 'conflict',
      fields: { name: 'A list named "X" already exists' },
    });
  });

  it('turns a zod failure into the same problems the API reports', () => {
    const parsed = z.object({ email: z.email() }).safeParse({ email: 'nope' });
    const problem = formProblemOf(parsed.error, ['email']);
    expect(problem?.status).toBe(400);
    expect(problem?.fields.email).toEqual(expect.any(String));
  });

  it('tells above the form what names no field of the form, and a limit with its wait', () => {
    const elsewhere = new ServiceError('invalid_argument', 'x', {
      problems: [{ argument: 'list_id', problem: 'too big' }],
    });
    expect(formProblemOf(elsewhere, ['company_numbers'])).toEqual({
      status: 400,
      code: 'invalid_argument',
      fields: {},
      message: 'list_id: too big',
    });
    const limited = new ServiceError('rate_limited', 'Quota reached; retry in 12 s', {
      retry_after_seconds: 12,
    });
    expect(formProblemOf(limited, ['name'])).toEqual({
      status: 429,
      code: 'rate_limited',
      fields: {},
      message: 'Quota reached; retry in 12 s',
      retryAfterSeconds: 12,
    });
  });

  it('leaves to the error page what is not the form’s to show', () => {
    expect(formProblemOf(new ServiceError('not_found', 'List not found'), ['name'])).toBeUndefined();
    expect(formProblemOf(new ServiceError('internal', 'bug'), ['name'])).toBeUndefined();
    expect(formProblemOf(new Error('plain'), ['name'])).toBeUndefined();
    expect(formProblemOf('thrown string', ['name'])).toBeUndefined();
  });
});
