import { deadlineExceeded, type Deadline } from '../../deadline';

/*
 * Screens take turns in an API process. Matching is CPU work on the one event loop, so screens run side by side
 * only share it: four at once each take four times as long, and under more load than the process can serve every
 * one of them would reach its deadline after doing most of its work. One at a time, each runs at full speed, and
 * one that cannot get its turn before its deadline is answered `deadline_exceeded` without having spent any.
 */

/** Screens running at once in this process. */
export const SCREENS_AT_ONCE = 1;

interface Waiting {
  start: () => void;
}

let running = 0;
const waiting: Waiting[] = [];

function release(): void {
  const next = waiting.shift();
  if (next) next.start();
  else running--;
}

/** Waits for this screen's turn; the answer ends the turn and must be called once, when the screen is done. */
export function screeningTurn(deadline: Deadline | undefined): Promise<() => void> {
  if (running < SCREENS_AT_ONCE) {
    running++;
    return Promise.resolve(once(release));
  }
  return new Promise((resolve, reject) => {
    const entry: Waiting = {
      start: () => {
        clearTimeout(timer);
        resolve(once(release));
      },
    };
    const timer =
      deadline === undefined
        ? undefined
        : setTimeout(
            () => {
              waiting.splice(waiting.indexOf(entry), 1);
              reject(deadlineExceeded('sanctions screen', deadline.limitMs));
            },
            Math.max(0, deadline.remainingMs()),
          );
    waiting.push(entry);
  });
}

function once(end: () => void): () => void {
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    end();
  };
}
