import { startDeadline } from '../../src/domain/deadline';
import { ServiceError } from '../../src/domain/errors';

/* The deadline on its own clock: when it stops work, and that waiting for shared work does not count. */

describe('a request deadline', () => {
  it('lets work go on until its limit has passed, then throws deadline_exceeded with the limit', async () => {
    let now = 1_000;
    const deadline = startDeadline('sanctions screen', 50, () => now);
    now += 50;
    expect(() => deadline.check()).not.toThrow();
    now += 1;
    const stopped = (() => {
      try {
        deadline.check();
      } catch (error) {
        return error;
      }
    })();
    expect(stopped).toBeInstanceOf(ServiceError);
    expect(stopped).toMatchObject({ code: 'deadline_exceeded', details: { deadline_ms: 50 } });
    expect((stopped as ServiceError).message).toMatch(/^The sanctions screen did not finish within 50 ms/);
    await expect(deadline.yieldThenCheck()).rejects.toMatchObject({ code: 'deadline_exceeded' });
  });

  it('does not count the time spent waiting for shared work', async () => {
    let now = 0;
    const deadline = startDeadline('KYB check', 100, () => now);
    now = 60;
    let finish: (value: string) => void = () => undefined;
    const built = deadline.notCounting(new Promise<string>((resolve) => (finish = resolve)));
    now = 1_060;
    finish('index');
    expect(await built).toBe('index');
    now = 1_100;
    expect(() => deadline.check()).not.toThrow();
    now = 1_101;
    expect(() => deadline.check()).toThrow(ServiceError);
  });
});
