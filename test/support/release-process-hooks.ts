import { AsyncLocalStorage } from 'node:async_hooks';
import v8 from 'node:v8';

/*
 * npm test runs its ~200 files in one process (--runInBand), each with its own module registry: each file loads its
 * own copy of MikroORM, the Temporal SDK and the rest, and with them AsyncLocalStorages and V8 promise hooks, which
 * Node keeps for the whole process. A storage once entered stays on Node's list, visited for every promise made
 * after; a Temporal workflow creator that is not destroyed leaves its promise hook, run for every promise too. Over
 * the whole run they added up: at the end of npm test, a CPU profile of health-batch-refresh.test.ts (80 s alone,
 * 467 s and more there) spent a third of its time in AsyncLocalStorage's `_propagate` and a fifth in Temporal's
 * promise hook, for storages and hooks of files long finished. As each file starts, what the files before it entered
 * or installed is released. The record is kept on the core modules themselves, which every file's registry shares.
 */
const RECORD = Symbol.for('company-data-service.test.process-hooks');

interface Record {
  storages: Set<AsyncLocalStorage<unknown>>;
  stopHooks: Set<() => void>;
}

type Recorded<T> = T & { [RECORD]?: Record };

function record(): Record {
  const holder = AsyncLocalStorage as Recorded<typeof AsyncLocalStorage>;
  if (holder[RECORD] !== undefined) return holder[RECORD];
  const made: Record = { storages: new Set(), stopHooks: new Set() };
  holder[RECORD] = made;
  const prototype = AsyncLocalStorage.prototype as AsyncLocalStorage<unknown>;
  const { run, enterWith } = prototype;
  prototype.run = function (this: AsyncLocalStorage<unknown>, ...args: Parameters<typeof run>) {
    made.storages.add(this);
    return run.apply(this, args);
  } as typeof run;
  prototype.enterWith = function (this: AsyncLocalStorage<unknown>, store: unknown) {
    made.storages.add(this);
    return enterWith.call(this, store);
  };
  const createHook = v8.promiseHooks.createHook.bind(v8.promiseHooks);
  v8.promiseHooks.createHook = (callbacks) => {
    const stop = createHook(callbacks) as () => void;
    made.stopHooks.add(stop);
    // Stopped once, whether by its owner or by the release below.
    return () => {
      if (made.stopHooks.delete(stop)) stop();
    };
  };
  return made;
}

// Run as each file starts, for the files before it: they are finished by then, their own afterAll hooks included
// (a release in an afterAll here could run before the file's, while it still shuts its workers down).
const made = record();
for (const storage of made.storages) storage.disable();
made.storages.clear();
for (const stop of made.stopHooks) stop();
made.stopHooks.clear();
