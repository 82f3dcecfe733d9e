/*
 * The one seeded random generator of the demo data (the register, company details, the change simulator) and of
 * the benchmarks' samples: the same seed gives the same data on every machine and Node version.
 */

/** Tommy Ettinger's mulberry32: tiny, fast, and good enough to make data look random. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
