import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { designationIdentifierKeys } from './designation-identifier-keys';
import { listedPartyOf } from './listed-party-of';
import type { ListedParty } from './matching/listed-party';
import { listWordWeights, type WordWeights } from './matching/word-weights';
import { CandidateIndex } from './matching/candidate-index';
import { kindOfDesignation, kindsOfTypes, nameKey } from './name-tokens';
import type { DesignationType } from './sanctions-designation';
import type { CandidateOptions, ListedDesignation } from './listed-designation';

/*
 * The current list in memory, built once per process per list version: every designation parsed once, its
 * matcher shape (ListedParty) built once, so the matcher's per-object cache normalises each listed name once per
 * version rather than once per request, and the prefilter's keys computed by the matcher's own key function at
 * build time. The keys are not read from sanctions_name_tokens on purpose: when the key function changes, the
 * next process builds its index with the new keys and no migration is needed. A request only reads the current
 * version's id (one row) and, when it is new, waits for the one build every concurrent request shares.
 */

/** A designation in the matcher's shape, carrying the designation itself back with each potential match. */
export type IndexedParty = ListedParty & { designation: ListedDesignation };

/**
 * List-wide statistics computed once per version from every party on it: the size, and the weight of each word
 * common on the list (matching/word-weights.ts), which the matcher reads for every screen of this version.
 */
export interface ListStatistics {
  parties: number;
  wordWeights: WordWeights;
}

function listStatisticsOf(parties: readonly IndexedParty[]): ListStatistics {
  return { parties: parties.length, wordWeights: listWordWeights(parties) };
}

export interface ListedDesignationsIndex {
  /** The list version this index was built from: id, content hash and import time. */
  versionKey: string;
  /** Every current designation in Unique ID order, and its party (the same object on every request). */
  parties: readonly IndexedParty[];
  statistics: ListStatistics;
  /** How long reading, parsing and indexing the version took (once per process per version). */
  buildMs: number;
  partyOf(designation: ListedDesignation): IndexedParty;
  candidatesFor(names: readonly string[], options?: CandidateOptions): ListedDesignation[];
  withNameKey(name: string, options?: Pick<CandidateOptions, 'types'>): ListedDesignation[];
  /** Designations carrying identifier key `key` (designation-identifier-keys.ts), in Unique ID order. */
  byIdentifier(key: string): ListedDesignation[];
}

/** Designations yielded to the event loop after, while building: a build never holds the server for long. */
const BUILD_SLICE = 500;

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const values = map.get(key);
  if (values === undefined) map.set(key, [value]);
  else if (values.at(-1) !== value) values.push(value);
}

const byUniqueId = (a: ListedDesignation, b: ListedDesignation) =>
  a.unique_id < b.unique_id ? -1 : a.unique_id > b.unique_id ? 1 : 0;

/** Builds the index of one version's designations (any order); yields to the event loop between slices. */
export async function buildListedDesignationsIndex(
  versionKey: string,
  designations: readonly ListedDesignation[],
): Promise<ListedDesignationsIndex> {
  const sorted = [...designations].sort(byUniqueId);
  const parties: IndexedParty[] = [];
  const partyByDesignation = new Map<ListedDesignation, IndexedParty>();
  // one key index per way of reading names: people's for individuals, entities' for entities and ships
  const byKind = {
    person: new CandidateIndex<ListedDesignation>(),
    entity: new CandidateIndex<ListedDesignation>(),
  };
  const byNameKey = new Map<string, ListedDesignation[]>();
  const byIdentifierKey = new Map<string, ListedDesignation[]>();

  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && i % BUILD_SLICE === 0) await nextTurn();
    const designation = sorted[i]!;
    const party: IndexedParty = { ...listedPartyOf(designation), designation };
    parties.push(party);
    partyByDesignation.set(designation, party);
    const kind = kindOfDesignation(designation.type);
    // Appended in Unique ID order and once per designation, so every posting list is sorted and distinct.
    byKind[kind].add(
      designation,
      designation.names.map((name) => name.name),
      kind,
    );
    for (const name of designation.names) {
      append(byNameKey, nameKey(name.name, kind), designation);
    }
    for (const key of new Set(designationIdentifierKeys(designation)))
      append(byIdentifierKey, key, designation);
  }

  const ofTypes = (found: Iterable<ListedDesignation>, types: readonly DesignationType[] | undefined) => {
    const wanted = types === undefined ? undefined : new Set(types);
    return [...found].filter((d) => wanted === undefined || wanted.has(d.type)).sort(byUniqueId);
  };

  const statistics = listStatisticsOf(parties);
  return {
    versionKey,
    buildMs: 0,
    parties,
    statistics,

    partyOf(designation) {
      return partyByDesignation.get(designation) ?? { ...listedPartyOf(designation), designation };
    },

    candidatesFor(names, options = {}) {
      const found = new Set<ListedDesignation>();
      const bound = options.nameScoreBound && {
        ...options.nameScoreBound,
        wordWeights: statistics.wordWeights,
      };
      for (const name of names)
        for (const kind of kindsOfTypes(options.types))
          for (const designation of byKind[kind].candidates(name, kind, bound)) found.add(designation);
      return ofTypes(found, options.types);
    },

    withNameKey(name, options = {}) {
      const keys = new Set(kindsOfTypes(options.types).map((kind) => nameKey(name, kind)));
      keys.delete('');
      return ofTypes(new Set([...keys].flatMap((key) => byNameKey.get(key) ?? [])), options.types);
    },

    byIdentifier(key) {
      return [...(byIdentifierKey.get(key) ?? [])];
    },
  };
}

interface HeldIndex {
  versionKey: string;
  index: Promise<ListedDesignationsIndex>;
}

/**
 * One index kept per list per database (the newest version asked for), by the object the database is reached
 * through and the list's id.
 */
const latest = new WeakMap<object, Map<string, HeldIndex>>();

/**
 * The index of version `versionKey` of list `list` in database `database`: built from `load` on first use, shared
 * by every request for that version. A failed build is forgotten, so the next request tries again.
 */
export function listedDesignationsIndex(
  database: object,
  list: string,
  versionKey: string,
  load: () => Promise<readonly ListedDesignation[]>,
): Promise<ListedDesignationsIndex> {
  let lists = latest.get(database);
  if (lists === undefined) latest.set(database, (lists = new Map()));
  const held = lists.get(list);
  if (held !== undefined && held.versionKey === versionKey) return held.index;
  const started = performance.now();
  const index = load()
    .then((designations) => buildListedDesignationsIndex(versionKey, designations))
    .then((built) => ({ ...built, buildMs: Math.round(performance.now() - started) }));
  const entry = { versionKey, index };
  lists.set(list, entry);
  index.catch(() => {
    if (lists.get(list) === entry) lists.delete(list);
  });
  return index;
}
