import { ServiceError } from '../../../src/domain/errors';
import { refuseNulCharacters } from '../../../src/operations/nul-characters';

function refusal(input: unknown): { argument: string; problem: string } {
  try {
    refuseNulCharacters(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('invalid_argument');
    const { problems } = (error as ServiceError).details as {
      problems: { argument: string; problem: string }[];
    };
    expect(problems).toHaveLength(1);
    return problems[0]!;
  }
  throw new Error('input with a NUL was let through');
}

describe('NUL characters are refused wherever they are in the input', () => {
  it.each([
    ['a top-level field', { name: 'Cli\u0000ents' }, 'name'],
    ['a field holding only NUL', { town: '\u0000' }, 'town'],
    ['a nested field', { filters: { town: 'Leeds\u0000' } }, 'filters.town'],
    ['an array item', { company_numbers: ['01234567', '0123\u00004567'] }, 'company_numbers.1'],
    [
      'an object inside an array',
      { items: [{ ok: 'x' }, { url: 'https://a.example/\u0000' }] },
      'items.1.url',
    ],
    ['a whole string body', 'a\u0000b', '(body)'],
  ])('in %s, naming it', (_where, input, argument) => {
    const { argument: named, problem } = refusal(input);
    expect(named).toBe(argument);
    expect(problem).toMatch(/NUL character \(U\+0000\)/);
  });

  it('in a key, naming the object that holds it', () => {
    expect(refusal({ filters: { 'to\u0000wn': 'Leeds' } })).toEqual({
      argument: 'filters',
      problem: 'a key in it contains a NUL character (U+0000)',
    });
    expect(refusal({ 'na\u0000me': 'x' }).argument).toBe('(body)');
  });

  it('10,000 arrays deep, naming the first steps and the depth rather than the whole path', () => {
    let nested: unknown = 'deep\u0000';
    for (let i = 0; i < 10_000; i++) nested = [nested];
    const { argument } = refusal({ arguments: nested });
    expect(argument).toBe('arguments.0.0.0.0.0.0.0… (depth 10001)');
  });

  it.each([
    ['plain strings', { name: 'Clients', town: 'Leeds' }],
    ['other control characters (PostgreSQL stores them)', { name: 'tab\there\u0001' }],
    ['the characters that only look like NUL', { name: '\\u0000 \u2400 0' }],
    ['numbers, booleans, null and empty containers', { a: 0, b: false, c: null, d: [], e: {} }],
    ['nothing at all', undefined],
  ])('lets through %s', (_name, input) => {
    expect(() => refuseNulCharacters(input)).not.toThrow();
  });

  it('walks 10,000 arrays deep without a stack overflow', () => {
    let nested: unknown = 'clean';
    for (let i = 0; i < 10_000; i++) nested = [nested];
    expect(() => refuseNulCharacters({ arguments: nested })).not.toThrow();
  });
});
