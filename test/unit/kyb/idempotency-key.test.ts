import { ServiceError } from '../../../src/domain/errors';
import { requestHash } from '../../../src/domain/kyb/kyb-request';
import { idempotencyKeyOf, readIdempotencyKeyHeader } from '../../../src/operations/idempotency-key';

describe('Idempotency-Key header', () => {
  it('is optional', () => {
    expect(readIdempotencyKeyHeader(undefined)).toBeUndefined();
  });

  it('takes printable ASCII up to 255 characters', () => {
    expect(readIdempotencyKeyHeader('3f1c2a0e-7d4b-4b7e-9a43-0c8f5e1d2b6a')).toBe(
      '3f1c2a0e-7d4b-4b7e-9a43-0c8f5e1d2b6a',
    );
    expect(readIdempotencyKeyHeader('x'.repeat(255))).toHaveLength(255);
  });

  it.each([[''], ['x'.repeat(256)], ['clé'], ['a\tb']])(
    'refuses %j as invalid_argument naming the header',
    (value) => {
      let thrown: unknown;
      try {
        readIdempotencyKeyHeader(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ServiceError);
      expect(thrown).toMatchObject({
        code: 'invalid_argument',
        details: { problems: [{ argument: 'Idempotency-Key' }] },
      });
    },
  );
});

describe('idempotencyKeyOf', () => {
  it('takes the argument or the header, or both when they agree', () => {
    expect(idempotencyKeyOf('a', undefined)).toBe('a');
    expect(idempotencyKeyOf(undefined, 'b')).toBe('b');
    expect(idempotencyKeyOf('c', 'c')).toBe('c');
    expect(idempotencyKeyOf(undefined, undefined)).toBeUndefined();
  });

  it('refuses two different keys', () => {
    expect(() => idempotencyKeyOf('a', 'b')).toThrow(expect.objectContaining({ code: 'invalid_argument' }));
  });
});

describe('requestHash', () => {
  const request = { clientReference: 'ref-1', statedCompanyName: 'Acme Ltd', companyNumber: '01234567' };

  it('is the same for the same request and differs when any part differs', () => {
    expect(requestHash({ ...request })).toBe(requestHash(request));
    expect(requestHash({ ...request, clientReference: 'ref-2' })).not.toBe(requestHash(request));
    expect(requestHash({ ...request, statedCompanyName: 'Acme Limited' })).not.toBe(requestHash(request));
    expect(requestHash({ ...request, companyNumber: null })).not.toBe(requestHash(request));
  });
});
