import { heartbeatWhile } from '../../../src/activities/change-check';

// The change-check step's beat on a timer: a step waiting for a lock reports no progress of its own, and must
// not look like a lost worker to the server (the workflow gives it a 20-second heartbeat timeout).
describe('heartbeatWhile', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('beats at once and on every interval while the work is pending, and stops when it settles', async () => {
    const beat = jest.fn();
    let finish!: (value: string) => void;
    const running = heartbeatWhile(() => new Promise<string>((resolve) => (finish = resolve)), beat, 1_000);
    expect(beat).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(3_000);
    expect(beat).toHaveBeenCalledTimes(4);
    finish('done');
    await expect(running).resolves.toBe('done');
    jest.advanceTimersByTime(10_000);
    expect(beat).toHaveBeenCalledTimes(4);
  });

  it('stops beating when the work fails, and passes the failure on', async () => {
    const beat = jest.fn();
    let fail!: (error: Error) => void;
    const running = heartbeatWhile(() => new Promise<never>((_, reject) => (fail = reject)), beat, 1_000);
    jest.advanceTimersByTime(1_000);
    fail(new Error('lock timeout'));
    await expect(running).rejects.toThrow('lock timeout');
    const beats = beat.mock.calls.length;
    jest.advanceTimersByTime(10_000);
    expect(beat).toHaveBeenCalledTimes(beats);
  });
});
