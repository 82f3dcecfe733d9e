import { startDeadline } from '../../../src/domain/deadline';
import { SCREENS_AT_ONCE, screeningTurn } from '../../../src/domain/sanctions/screening/screening-turns';

/*
 * Screens take turns: one runs while the next waits, in order; one whose deadline passes while it waits is
 * answered deadline_exceeded and gives up its place.
 */

describe('screening turns', () => {
  it('runs one screen at a time, the waiting ones in order of arrival', async () => {
    expect(SCREENS_AT_ONCE).toBe(1);
    const started: string[] = [];
    const endFirst = await screeningTurn(undefined);
    const second = screeningTurn(undefined).then((end) => (started.push('second'), end));
    const third = screeningTurn(undefined).then((end) => (started.push('third'), end));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([]);
    endFirst();
    endFirst(); // ending a turn twice gives away nothing more
    const endSecond = await second;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['second']);
    endSecond();
    (await third)();
    expect(started).toEqual(['second', 'third']);
    // Free again: the next one starts at once.
    (await screeningTurn(undefined))();
  });

  it('answers deadline_exceeded to a screen whose deadline passes while it waits, and skips it', async () => {
    const endFirst = await screeningTurn(undefined);
    const late = screeningTurn(startDeadline('sanctions screen', 5));
    const next = screeningTurn(undefined);
    await expect(late).rejects.toMatchObject({ code: 'deadline_exceeded', details: { deadline_ms: 5 } });
    endFirst();
    (await next)();
  });
});
