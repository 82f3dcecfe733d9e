import { evalPairSchema } from '../../../bench/eval-sanctions/eval-pair';
import { hardCasePairs } from '../../../bench/eval-sanctions/sources/hard-cases';
import { projectPairs } from '../../../bench/eval-sanctions/sources/project-pairs';
import { pairReport } from '../../../bench/eval-sanctions/pair-report';
import type { ScoredPair } from '../../../bench/eval-sanctions/score-pairs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('the labelled pairs of the evaluation', () => {
  it('records a source with its place and licence on every pair, and every id once', () => {
    const pairs = [...projectPairs(), ...hardCasePairs()];
    for (const pair of pairs) expect(() => evalPairSchema.parse(pair)).not.toThrow();
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    expect(new Set(pairs.map((p) => p.source.where))).toEqual(
      new Set([
        'test/fixtures/sanctions-matching/labelled-pairs.json',
        'test/fixtures/sanctions-matching/hard-cases.json',
      ]),
    );
  });

  it('expands a hard case into the matcher shapes: register birth month, listed day, names in their own script', () => {
    const pair = hardCasePairs().find((p) => p.subject.name === 'BORTNIKOV, A')!;
    expect(pair.subject.birth).toEqual({ year: 1951, month: 11 });
    expect(pair.party.birthDates).toEqual([{ year: 1951, month: 11, day: 15 }]);
    const script = hardCasePairs().find((p) => p.subject.name === 'Dmitry Medvedev')!;
    expect(script.party.names[0]!.kind).toBe('non_latin');
    const person = hardCasePairs().find((p) => p.subject.name === 'Richard Wagner')!;
    expect([person.subject.kind, person.party.type]).toEqual(['person', 'entity']);
  });

  it('rejects a hard case with a malformed birth date', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hard-cases-'));
    const file = join(dir, 'bad.json');
    const bad = {
      id: 'x',
      expected: 'match',
      category: 'person',
      difficulty: ['typo'],
      subject: 'A B',
      listed: ['A B'],
      subjectBirth: '1961-5',
      listedBirth: null,
      nationality: null,
      listedNationalities: [],
      note: 'n',
    };
    writeFileSync(file, JSON.stringify([bad]));
    expect(() => hardCasePairs(file)).toThrow();
  });
});

describe('the report of one half', () => {
  const [pair] = projectPairs();
  const scored = (id: string, expected: 'match' | 'no_match', score: number, kept: boolean): ScoredPair => {
    const labelled = { ...pair!, id, expected };
    return {
      pair: labelled,
      score,
      threshold: 0.72,
      passed: score >= 0.72,
      keptByPrefilter: kept,
      comparison: {
        score,
        threshold: 0.72,
        passed: score >= 0.72,
        party: labelled.party,
        explanation: {
          modelVersion: 'test',
          subjectKind: 'person',
          partyType: 'individual',
          name: null,
          birthDate: null,
          contributions: [{ feature: 'name', rule: 'name', weight: 0.85, value: score, evidence: 'test' }],
        },
      },
    };
  };

  it('lists the lowest-scored misses first and the highest-scored false alarms first, with the explanation', () => {
    const report = pairReport([
      scored('a', 'match', 0.5, true),
      scored('b', 'match', 0.1, false),
      scored('c', 'match', 0.9, false),
      scored('d', 'no_match', 0.75, true),
      scored('e', 'no_match', 0.95, true),
      scored('f', 'no_match', 0.2, true),
    ]);
    expect(report.worstMisses.map((w) => w.id)).toEqual(['b', 'a']);
    expect(report.worstFalsePositives.map((w) => w.id)).toEqual(['e', 'd']);
    expect(report.worstMisses[0]!.explanation[0]).toBe('name +0.1: test');
    expect(report.prefilter).toEqual({ trueMatches: 3, kept: 1, passedButDropped: 1, recall: 1 / 3 });
    expect(report.pairs).toEqual({ total: 6, match: 3, noMatch: 3 });
  });
});
