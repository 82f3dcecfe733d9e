/**
 * `npm run bench:sanctions-matching [-- --rounds 20 --no-write]`: the sanctions name matcher on the labelled
 * pairs (test/fixtures/sanctions-matching/labelled-pairs.json).
 *
 * - Quality: precision, recall and F1 at the default thresholds and at a sweep of others (person and entity set
 *   alike), the pairs on the wrong side at the default, and the prefilter's recall (labelled true matches whose
 *   names share a nameTokenKeys key).
 * - Speed: explainPair over every pair, `--rounds` times, against a baseline of plain string equality of the
 *   subject's name with each listed name over the same pairs in the same run; the ratio is the figure to compare
 *   between machines. Also matchSubject for 20 subjects, each against every designation in the table (all kinds,
 *   about as many as a prefilter hands over for a common surname), as screen_sanctions will call it.
 *
 * Pure computation: no database, no Temporal server. Writes bench/results/sanctions-matching-<date>.json unless
 * --no-write.
 */
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  DEFAULT_MATCH_THRESHOLDS,
  SANCTIONS_MATCHING_VERSION,
} from '../src/domain/sanctions/matching/match-settings';
import { explainPair, matchSubject, partyKind } from '../src/domain/sanctions/matching/match-subject';
import { nameTokenKeys } from '../src/domain/sanctions/matching/name-tokens';
import { loadLabelledPairs, type LabelledPair } from '../test/fixtures/sanctions-matching/labelled-pairs';
import { qualityOf, type Quality as PairQuality } from './eval-sanctions/metrics';
import {
  envFlag,
  formatTable,
  machineAndCommit,
  progress,
  resultFile,
  runBenchmark,
  wholeNumberOption,
} from './harness';

const projectRoot = resolve(__dirname, '..');
const SWEEP = [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];
const SCREENED_SUBJECTS = 20;

const usage = `Usage: npm run bench:sanctions-matching -- [options]
  --rounds N   passes over the labelled pairs for the speed figures (BENCH_ROUNDS, default 20)
  --no-write   do not write bench/results/sanctions-matching-<date>.json (BENCH_NO_WRITE=1)`;

/** The evaluation's arithmetic (bench/eval-sanctions/metrics.ts), named by the threshold it was taken at. */
interface Quality extends PairQuality {
  threshold: string;
}

function quality(threshold: string, scored: { pair: LabelledPair; passed: boolean }[]): Quality {
  return { threshold, ...qualityOf(scored.map(({ pair, passed }) => ({ expected: pair.expected, passed }))) };
}

/** Pairs per second of `compare` over every pair, `rounds` times (after one unmeasured pass). */
function rate(
  pairs: readonly LabelledPair[],
  rounds: number,
  compare: (pair: LabelledPair) => unknown,
): number {
  let sink = 0;
  for (const pair of pairs) sink += compare(pair) ? 1 : 0;
  const start = performance.now();
  for (let round = 0; round < rounds; round++) for (const pair of pairs) sink += compare(pair) ? 1 : 0;
  const seconds = (performance.now() - start) / 1000;
  if (sink < 0) throw new Error('unreachable');
  return (pairs.length * rounds) / seconds;
}

/**
 * Precision, recall and F1 of the matcher on the labelled pairs, at the default thresholds and at each threshold
 * of the sweep; the pairs on the wrong side at the default and those within 0.03 of it; and the prefilter's recall.
 * Shared with bench/sanctions.ts, which prints the default row beside its screening figures.
 */
export function labelledPairsQuality(pairs: readonly LabelledPair[] = loadLabelledPairs()) {
  // Quality: a threshold only decides which scores pass, so each pair is scored once.
  const results = pairs.map((pair) => ({ pair, result: explainPair(pair.subject, pair.party) }));
  const atDefault = quality(
    `default (person ${DEFAULT_MATCH_THRESHOLDS.person}, entity ${DEFAULT_MATCH_THRESHOLDS.entity})`,
    results.map(({ pair, result }) => ({ pair, passed: result.passed })),
  );
  const sweep = SWEEP.map((threshold) =>
    quality(
      threshold.toFixed(2),
      results.map(({ pair, result }) => ({ pair, passed: result.score >= threshold })),
    ),
  );
  const wrong = results
    .filter(({ pair, result }) => result.passed !== (pair.expected === 'match'))
    .map(({ pair, result }) => ({
      id: pair.id,
      expected: pair.expected,
      score: result.score,
      note: pair.note,
    }));
  const closest = results
    .map(({ pair, result }) => ({
      id: pair.id,
      expected: pair.expected,
      score: result.score,
      margin: result.score - result.threshold,
    }))
    .filter(({ margin }) => Math.abs(margin) <= 0.03)
    .sort((a, b) => a.margin - b.margin);

  const truePairs = pairs.filter(
    (pair) => pair.expected === 'match' && partyKind(pair.party) === pair.subject.kind,
  );
  const keptByPrefilter = truePairs.filter((pair) => {
    const keys = new Set(nameTokenKeys(pair.subject.name, pair.subject.kind));
    return pair.party.names.some((name) =>
      nameTokenKeys(name.text, pair.subject.kind).some((key) => keys.has(key)),
    );
  }).length;
  const matches = pairs.filter((pair) => pair.expected === 'match').length;
  return {
    pairs: { total: pairs.length, match: matches, noMatch: pairs.length - matches },
    atDefault,
    sweep,
    wrong,
    closest,
    prefilter: { kept: keptByPrefilter, of: truePairs.length },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rounds: { type: 'string' }, 'no-write': { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const rounds = wholeNumberOption('rounds', values.rounds ?? process.env.BENCH_ROUNDS, 20, 1);
  const write = !(values['no-write'] ?? envFlag(process.env.BENCH_NO_WRITE));
  const pairs = loadLabelledPairs();
  const matches = pairs.filter((pair) => pair.expected === 'match').length;
  progress(`${pairs.length} labelled pairs (${matches} match, ${pairs.length - matches} no_match)`);

  const { atDefault, sweep, wrong, closest, prefilter } = labelledPairsQuality(pairs);

  // Speed
  progress(`speed: ${rounds} rounds over the pairs`);
  const baseline = rate(pairs, rounds, (pair) =>
    pair.party.names.some((name) => name.text === pair.subject.name),
  );
  const matcher = rate(pairs, rounds, (pair) => explainPair(pair.subject, pair.party).passed);
  const parties = pairs.map((pair) => pair.party);
  const subjects = pairs.slice(0, SCREENED_SUBJECTS).map((pair) => pair.subject);
  for (const subject of subjects) matchSubject(subject, parties);
  const screenStart = performance.now();
  for (let round = 0; round < rounds; round++) for (const subject of subjects) matchSubject(subject, parties);
  const screenMs = (performance.now() - screenStart) / rounds;

  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const rows = (list: Quality[]) => [
    ['threshold', 'TP', 'FP', 'FN', 'TN', 'precision', 'recall', 'F1'],
    ...list.map((q) => [
      q.threshold,
      String(q.truePositives),
      String(q.falsePositives),
      String(q.falseNegatives),
      String(q.trueNegatives),
      pct(q.precision),
      pct(q.recall),
      q.f1.toFixed(3),
    ]),
  ];
  console.log(
    `\nSanctions name matching (${SANCTIONS_MATCHING_VERSION}) on ${pairs.length} labelled pairs\n`,
  );
  console.log(formatTable(rows([atDefault, ...sweep])));
  console.log(
    wrong.length === 0
      ? '\nEvery pair lands on its labelled side at the default thresholds.'
      : `\nOn the wrong side at the default thresholds:\n${wrong.map((w) => `  ${w.id} ${w.expected} ${w.score}: ${w.note}`).join('\n')}`,
  );
  console.log(
    `Within 0.03 of the threshold: ${closest.map((c) => `${c.id} (${c.expected}, ${c.margin >= 0 ? '+' : ''}${c.margin.toFixed(3)})`).join(', ') || 'none'}`,
  );
  console.log(
    `Prefilter (nameTokenKeys) keeps ${prefilter.kept} of ${prefilter.of} labelled true matches.\n`,
  );
  console.log(
    formatTable([
      ['speed', 'pairs/s', 'ratio to baseline'],
      ['baseline: plain string equality', baseline.toFixed(0), '1'],
      ['explainPair', matcher.toFixed(0), (matcher / baseline).toExponential(2)],
    ]),
  );
  console.log(
    `\nmatchSubject: ${SCREENED_SUBJECTS} subjects against ${parties.length} designations each: ${screenMs.toFixed(1)} ms per screening of all ${SCREENED_SUBJECTS}`,
  );

  if (write) {
    const file = resultFile('sanctions-matching');
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          benchmark: 'sanctions-matching',
          modelVersion: SANCTIONS_MATCHING_VERSION,
          ...machineAndCommit(projectRoot),
          pairs: { total: pairs.length, match: matches, noMatch: pairs.length - matches },
          atDefault,
          sweep,
          wrong,
          prefilter,
          speed: {
            rounds,
            baselinePairsPerSecond: baseline,
            matcherPairsPerSecond: matcher,
            ratio: matcher / baseline,
            screeningMs: { subjects: SCREENED_SUBJECTS, designations: parties.length, ms: screenMs },
          },
        },
        null,
        2,
      )}\n`,
    );
    progress(`wrote ${relative(projectRoot, file)}`);
  }
}

// Run as a script, not when bench/sanctions.ts imports labelledPairsQuality.
if (require.main === module) runBenchmark(main);
