/**
 * `npm run eval:sanctions [-- --half held_out|tuning --people 100000 --companies 50000 --no-write]`: how well the
 * sanctions matcher, called as screen_sanctions calls it (matchSubject, the configured thresholds:
 * SANCTIONS_MATCH_THRESHOLD_PERSON / _ENTITY, else the defaults), finds true matches and leaves others alone.
 *
 * - Labelled pairs (docs/sanctions-matching.md, "Evaluation", lists the sources), split by a hash of each pair's
 *   id into a tuning half and a held-out half: the figures printed are the held-out half's unless --half says
 *   otherwise. Precision, recall and F1 per category and per kind of difficulty, the precision-recall curve, the
 *   worst misses and false alarms with their explanations, the prefilter's recall.
 * - Population false-positive rate: generated people and companies who are nobody on the list, screened through
 *   the prefilter and the matcher against a demo list of the UK list's size in its layout.
 *
 * An evaluation, not a test: it exits 0 whatever the figures. Writes bench/results/eval-sanctions-<time>.json
 * (with the commit) unless --no-write.
 */
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { configSchema } from '../../src/config';
import {
  DEFAULT_MATCH_THRESHOLDS,
  SANCTIONS_MATCHING_VERSION,
  type MatchThresholds,
} from '../../src/domain/sanctions/matching/match-settings';
import {
  envFlag,
  formatTable,
  machineAndCommit,
  progress,
  resultFile,
  runBenchmark,
  wholeNumberOption,
} from '../harness';
import { listWordWeights } from '../../src/domain/sanctions/matching/word-weights';
import { demoListParties, UK_LIST_DESIGNATIONS } from './demo-list';
import { labelledSet } from './labelled-set';
import type { CurvePoint, Quality } from './metrics';
import { pairReport, type PairReport, type WorstPair } from './pair-report';
import { fakerListRegions } from './faker-list-regions';
import type { ListRegion } from './list-region-names';
import { populationCompany, populationPerson, screenPopulation, type PopulationGroup } from './population';
import { PrefilterIndex } from './prefilter';
import { scorePairs } from './score-pairs';
import { halves, splitPairs, type Half } from './split';

const projectRoot = resolve(__dirname, '../..');
const ALIAS_LIST = { designations: 600, seed: 37 };
const POPULATION_SEED = 37;
const POPULATION_LIST_SEED = 1;
/** Share of generated people with names from the list's regions, not from its words (list-region-names.ts). */
const LIST_REGION_SHARE = 0.1;

const usage = `Usage: npm run eval:sanctions -- [options]
  --half H        held_out (default) or tuning: the half whose figures are printed in full
  --people N      generated people for the population false-positive rate (default 100000; 0 skips)
  --companies N   generated companies likewise (default 50000; 0 skips)
  --no-write      do not write bench/results/eval-sanctions-<time>.json`;

function configuredThresholds(): MatchThresholds {
  const env = configSchema
    .pick({ SANCTIONS_MATCH_THRESHOLD_PERSON: true, SANCTIONS_MATCH_THRESHOLD_ENTITY: true })
    .parse(process.env);
  return {
    person: env.SANCTIONS_MATCH_THRESHOLD_PERSON ?? DEFAULT_MATCH_THRESHOLDS.person,
    entity: env.SANCTIONS_MATCH_THRESHOLD_ENTITY ?? DEFAULT_MATCH_THRESHOLDS.entity,
  };
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const qualityCells = (q: Quality) => [
  String(q.truePositives),
  String(q.falsePositives),
  String(q.falseNegatives),
  String(q.trueNegatives),
  q.precision.toFixed(3),
  q.recall.toFixed(3),
  q.f1.toFixed(3),
];
const QUALITY_HEADER = ['TP', 'FP', 'FN', 'TN', 'precision', 'recall', 'F1'];

function groupTable(title: string, groups: PairReport['byCategory']): string {
  return formatTable([
    [title, 'pairs', ...QUALITY_HEADER],
    ...groups.map((g) => [g.group, String(g.pairs), ...qualityCells(g.quality)]),
  ]);
}

function curveTable(curve: CurvePoint[]): string {
  return formatTable([
    ['threshold', ...QUALITY_HEADER],
    ...curve.map((point) => [point.threshold.toFixed(2), ...qualityCells(point)]),
  ]);
}

function worstLines(list: WorstPair[]): string {
  if (list.length === 0) return '  none';
  return list
    .map(
      (w) =>
        `  ${w.id} [${w.category}; ${w.difficulty.join(', ')}] ${w.score.toFixed(3)} (threshold ${w.threshold}): ` +
        `"${w.subject}" ~ "${w.listed}" (${w.note}; ${w.source})\n` +
        w.explanation.map((line) => `      ${line}`).join('\n'),
    )
    .join('\n');
}

function* people(count: number, regions: readonly ListRegion[]) {
  for (let i = 0; i < count; i++) yield populationPerson(POPULATION_SEED, i, LIST_REGION_SHARE, regions);
}

function* companies(count: number) {
  for (let i = 0; i < count; i++)
    yield { group: 'companies' as PopulationGroup, subject: populationCompany(POPULATION_SEED, i) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      half: { type: 'string' },
      people: { type: 'string' },
      companies: { type: 'string' },
      'no-write': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const half = (values.half ?? 'held_out') as Half;
  if (!halves.includes(half)) throw new Error(`--half must be one of ${halves.join(', ')}`);
  const peopleCount = wholeNumberOption('people', values.people, 100_000, 0);
  const companyCount = wholeNumberOption('companies', values.companies, 50_000, 0);
  const write = !(values['no-write'] ?? envFlag(process.env.BENCH_NO_WRITE));
  const thresholds = configuredThresholds();
  // the list screen_sanctions would hold: its words' weights are the matcher's, and the population is screened on it
  progress(`building a demo list of ${UK_LIST_DESIGNATIONS} designations in the UK list's layout`);
  const listParties = await demoListParties(UK_LIST_DESIGNATIONS, POPULATION_LIST_SEED);
  const wordWeights = listWordWeights(listParties);
  const options = { thresholds, wordWeights };
  progress(
    `word weights of that list: ${wordWeights.person.size} people's and ${wordWeights.entity.size} entities' words weigh less than 1 ` +
      `(the most common: ${commonest(wordWeights.person)}; ${commonest(wordWeights.entity)})`,
  );

  const aliasParties = await demoListParties(ALIAS_LIST.designations, ALIAS_LIST.seed);
  const pairs = labelledSet(aliasParties);
  const split = splitPairs(pairs);
  progress(
    `${pairs.length} labelled pairs: ${split.tuning.length} tuning, ${split.held_out.length} held out; reporting on ${half}`,
  );
  const reports = {
    tuning: pairReport(scorePairs(split.tuning, options)),
    held_out: pairReport(scorePairs(split.held_out, options)),
  };
  const report = reports[half];

  console.log(
    `\nSanctions matching evaluation (${SANCTIONS_MATCHING_VERSION}; thresholds person ${thresholds.person}, entity ${thresholds.entity})`,
  );
  console.log(
    `Half reported: ${half} (${report.pairs.total} pairs: ${report.pairs.match} match, ${report.pairs.noMatch} no_match)\n`,
  );
  console.log(groupTable('category', report.byCategory));
  console.log('');
  console.log(groupTable('difficulty', report.byDifficulty));
  console.log('');
  console.log(groupTable('source', report.bySource));
  console.log('\nPrecision-recall curve (one threshold for people and entities alike):');
  console.log(curveTable(report.curve));
  console.log(`\nWorst misses (true matches scored lowest):\n${worstLines(report.worstMisses)}`);
  console.log(
    `\nWorst false positives (non-matches scored highest):\n${worstLines(report.worstFalsePositives)}`,
  );
  const pre = report.prefilter;
  console.log(
    `\nPrefilter: keeps ${pre.kept} of ${pre.trueMatches} true matches (recall ${pct(pre.recall)}); ` +
      `${pre.passedButDropped} the scorer passes are dropped before scoring.`,
  );
  const other = reports[half === 'held_out' ? 'tuning' : 'held_out'].byCategory.at(-1)!;
  console.log(
    `(The other half, for comparison only: ${other.pairs} pairs, P ${other.quality.precision.toFixed(3)} R ${other.quality.recall.toFixed(3)} F1 ${other.quality.f1.toFixed(3)}.)`,
  );

  let population = null;
  if (peopleCount + companyCount > 0) {
    const names = listParties.reduce((sum, party) => sum + party.names.length, 0);
    const index = new PrefilterIndex(listParties, options);
    progress(`population: screening ${peopleCount} people and ${companyCount} companies`);
    const start = performance.now();
    const rates = screenPopulation(
      index,
      [...people(peopleCount, fakerListRegions()), ...companies(companyCount)],
      options,
    );
    const seconds = (performance.now() - start) / 1000;
    population = {
      list: { designations: listParties.length, names, seed: POPULATION_LIST_SEED },
      seed: POPULATION_SEED,
      listRegionShare: LIST_REGION_SHARE,
      listRegionNames: '@faker-js/faker locale data (bench/eval-sanctions/faker-list-regions.ts)',
      seconds,
      groups: rates,
    };
    console.log(
      `\nPopulation false-positive rate against a demo list of ${listParties.length} designations (${names} names), ${seconds.toFixed(1)} s:`,
    );
    const peopleRates = rates.filter((r) => r.group !== 'companies');
    const allPeople = peopleRates.reduce((sum, r) => sum + r.screened, 0);
    const flaggedPeople = peopleRates.reduce((sum, r) => sum + r.flagged, 0);
    console.log(
      formatTable([
        [
          'group',
          'screened',
          'flagged',
          'same full name',
          'variant',
          'per 1,000',
          'candidates/subject',
          'ms/subject',
        ],
        ...rates.map((r) => [
          r.group,
          String(r.screened),
          String(r.flagged),
          String(r.sameFullName),
          String(r.variant),
          (r.rate * 1000).toFixed(2),
          r.candidatesPerSubject.toFixed(1),
          r.msPerSubject.toFixed(3),
        ]),
        [
          'all people',
          String(allPeople),
          String(flaggedPeople),
          String(peopleRates.reduce((sum, r) => sum + r.sameFullName, 0)),
          String(peopleRates.reduce((sum, r) => sum + r.variant, 0)),
          ((flaggedPeople / (allPeople || 1)) * 1000).toFixed(2),
          '',
          '',
        ],
      ]),
    );
    console.log(
      "(same full name: the person bears one of the designation's listed names word for word, a namesake any matcher flags; variant: flagged on a name that is not theirs word for word)",
    );
    for (const r of rates)
      for (const kind of ['sameFullName', 'variant'] as const)
        for (const e of r.examples[kind])
          console.log(
            `  e.g. ${r.group}, ${kind === 'sameFullName' ? 'same full name' : 'variant'}: "${e.subject}" ~ "${e.party}" ${e.score}`,
          );
  }

  if (write) {
    const file = resultFile('eval-sanctions');
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          evaluation: 'eval-sanctions',
          modelVersion: SANCTIONS_MATCHING_VERSION,
          thresholds,
          ...machineAndCommit(projectRoot),
          pairs: { total: pairs.length, tuning: split.tuning.length, heldOut: split.held_out.length },
          reported: half,
          heldOut: reports.held_out,
          tuning: { pairs: reports.tuning.pairs, byCategory: reports.tuning.byCategory },
          population,
        },
        null,
        2,
      )}\n`,
    );
    progress(`wrote ${relative(projectRoot, file)}`);
  }
}

runBenchmark(main);

function commonest(weights: ReadonlyMap<string, number>): string {
  return [...weights]
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([word, weight]) => `${word} ${weight}`)
    .join(', ');
}
