import { spawnSync } from 'node:child_process';
import { runUntilSignal } from '../../src/shutdown';
import { SERVING_V8_FLAGS } from '../../src/v8-settings';

const mockSetFlagsFromString = jest.fn();
jest.mock('node:v8', () => ({
  ...jest.requireActual<typeof import('node:v8')>('node:v8'),
  setFlagsFromString: (flag: string) => mockSetFlagsFromString(flag),
}));

describe("the service's V8 settings", () => {
  it('are flags this V8 knows (set at run time, a flag it does not know would be ignored without a word)', () => {
    expect(SERVING_V8_FLAGS.length).toBeGreaterThan(0);
    for (const flag of SERVING_V8_FLAGS) {
      // On the command line, unlike setFlagsFromString, an unknown flag stops node with "bad option".
      const run = spawnSync(process.execPath, [flag, '-e', ''], { encoding: 'utf8' });
      expect({ flag, status: run.status, stderr: run.stderr }).toEqual({ flag, status: 0, stderr: '' });
    }
    const unknown = spawnSync(process.execPath, ['--no-such-v8-flag-at-all', '-e', ''], { encoding: 'utf8' });
    expect(unknown.status).not.toBe(0);
  });

  it('are set by runUntilSignal before the process starts anything', async () => {
    const order: string[] = [];
    mockSetFlagsFromString.mockImplementation((flag: string) => order.push(`flag ${flag}`));
    const listenersBefore = new Set([...process.listeners('SIGINT'), ...process.listeners('SIGTERM')]);
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));

    runUntilSignal('v8-settings test', async () => {
      order.push('start');
      started();
      return async () => {};
    });
    await startedPromise;
    await new Promise((resolve) => setImmediate(resolve));

    expect(order).toEqual([...SERVING_V8_FLAGS.map((flag) => `flag ${flag}`), 'start']);
    expect(order).toContain('flag --no-allocation-site-pretenuring');
    // The signal handlers runUntilSignal added: removed, so that nothing here outlives the test.
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      for (const listener of process.listeners(signal))
        if (!listenersBefore.has(listener)) process.removeListener(signal, listener);
  });
});
