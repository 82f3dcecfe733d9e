import { QueryLanes } from '../../src/db/read-pool/query-lanes';

describe('QueryLanes', () => {
  const options = { quickMs: 5, quickRunsNeeded: 3, remembered: 2 };

  it('sends a SQL text never seen to the any lane', () => {
    expect(new QueryLanes(options).laneOf('select 1')).toBe('any');
  });

  it('sends a SQL text to the quick lane after enough consecutive quick runs', () => {
    const lanes = new QueryLanes(options);
    lanes.record('select 1', 0.1);
    lanes.record('select 1', 4.9);
    expect(lanes.laneOf('select 1')).toBe('any');
    lanes.record('select 1', 0);
    expect(lanes.laneOf('select 1')).toBe('quick');
  });

  it('sends it back after one slow run (at the threshold counts as slow), and needs the quick runs again', () => {
    const lanes = new QueryLanes(options);
    for (let i = 0; i < 10; i++) lanes.record('select 1', 1);
    lanes.record('select 1', 5);
    expect(lanes.laneOf('select 1')).toBe('any');
    lanes.record('select 1', 1);
    lanes.record('select 1', 1);
    expect(lanes.laneOf('select 1')).toBe('any');
    lanes.record('select 1', 1);
    expect(lanes.laneOf('select 1')).toBe('quick');
  });

  it('judges each SQL text on its own', () => {
    const lanes = new QueryLanes(options);
    for (let i = 0; i < 3; i++) lanes.record('point', 1);
    for (let i = 0; i < 3; i++) lanes.record('search', 40);
    expect([lanes.laneOf('point'), lanes.laneOf('search')]).toEqual(['quick', 'any']);
  });

  it('forgets the least recently run SQL text beyond the limit', () => {
    const lanes = new QueryLanes(options);
    for (let i = 0; i < 3; i++) lanes.record('a', 1);
    for (let i = 0; i < 3; i++) lanes.record('b', 1);
    lanes.record('a', 1); // a is now the most recent
    lanes.record('c', 1);
    expect([lanes.laneOf('a'), lanes.laneOf('b')]).toEqual(['quick', 'any']);
  });

  it('treats a negative or NaN time as not quick', () => {
    const lanes = new QueryLanes(options);
    for (let i = 0; i < 3; i++) lanes.record('x', Number.NaN);
    for (let i = 0; i < 3; i++) lanes.record('y', -1);
    expect([lanes.laneOf('x'), lanes.laneOf('y')]).toEqual(['any', 'any']);
  });
});
