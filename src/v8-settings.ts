import { setFlagsFromString } from 'node:v8';

/**
 * The V8 settings every long-running process of the service starts with (`npm start`, `npm run api`, `npm run
 * worker`: runUntilSignal applies them first; `npm run bench:api` applies them to the API it measures).
 *
 * `--no-allocation-site-pretenuring`. V8 watches where objects are made (a literal, an array, a `new` in optimised
 * code) and, once the objects of one place have survived young collections at a high rate, makes that place's
 * objects in the old generation from then on. Work at start-up switched places the request path shares
 * (`--trace-pretenuring` shows the switches), and from then on every request's objects survived the next young
 * collection (a scavenge) and were copied. What fits: a request leaves dead old objects pointing at its young ones,
 * and a scavenge counts every pointer from the old generation as live until the next full collection. Measured on
 * a bare Koa route in a process with the service's database and Temporal: 1.4 MB copied and 3–4 ms per scavenge,
 * against 6 KB and 0.6 ms with the setting; get_company's p99 under 16 searches down by a third to a half
 * (docs/performance.md, "Young collections that copied every request"). Whether V8 switches any place varies
 * from one start to the next, which is why it hid so long; nothing measured got slower without it.
 */
export const SERVING_V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;

/** Sets SERVING_V8_FLAGS in this process. Call it first: what V8 learns before it stays learnt. */
export function applyServingV8Flags(): void {
  for (const flag of SERVING_V8_FLAGS) setFlagsFromString(flag);
}
