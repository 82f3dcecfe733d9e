import { createHash } from 'node:crypto';
import { halfOf, splitPairs } from '../../../bench/eval-sanctions/split';

describe('the tuning / held-out split', () => {
  const ids = Array.from({ length: 400 }, (_, i) => `pair-${i}`);

  it('puts each pair in the half its id hashes to, whatever the order or company of the pairs', () => {
    const forward = splitPairs(ids.map((id) => ({ id })));
    const backward = splitPairs([...ids].reverse().map((id) => ({ id })));
    expect(new Set(forward.tuning.map((p) => p.id))).toEqual(new Set(backward.tuning.map((p) => p.id)));
    expect(splitPairs([{ id: 'pair-7' }])[halfOf('pair-7')]).toEqual([{ id: 'pair-7' }]);
  });

  it('follows the first byte of the SHA-256 of the id: even is tuning, odd is held out', () => {
    for (const id of ids.slice(0, 50)) {
      const even = createHash('sha256').update(id).digest()[0]! % 2 === 0;
      expect(halfOf(id)).toBe(even ? 'tuning' : 'held_out');
    }
  });

  it('splits into two disjoint halves of roughly equal size that together hold every pair', () => {
    const { tuning, held_out: heldOut } = splitPairs(ids.map((id) => ({ id })));
    expect(tuning.length + heldOut.length).toBe(ids.length);
    expect(tuning.filter((p) => heldOut.includes(p))).toEqual([]);
    expect(tuning.length).toBeGreaterThan(150);
    expect(heldOut.length).toBeGreaterThan(150);
  });
});
