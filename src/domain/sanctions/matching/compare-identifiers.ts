import { IDENTIFIER_SCHEME_LABELS, type Identifier } from '../identifiers/identifier';
import type { MatchWeights } from './match-settings';

/*
 * Registry numbers as evidence. A number of the subject equal to one of the designation's in the same scheme is
 * an identifier match: the pair passes whatever the names say (see weights.identifier). Numbers of a scheme both
 * sides give, none of them equal, weigh against the name. Numbers of schemes only one side gives say nothing.
 */

export const identifierRules = ['identifier_match', 'identifier_differs'] as const;
export type IdentifierRule = (typeof identifierRules)[number];

export type IdentifierComparison =
  | { rule: 'identifier_match'; subject: Identifier; listed: Identifier; evidence: string }
  | { rule: 'identifier_differs'; adjustment: number; evidence: string };

const shown = (identifier: Identifier) =>
  `${IDENTIFIER_SCHEME_LABELS[identifier.scheme]} ${identifier.value} ("${identifier.as_written}")`;

/** Null when no scheme is given on both sides: then identifiers neither add nor take away. */
export function compareIdentifiers(
  subject: readonly Identifier[] | undefined,
  listed: readonly Identifier[] | undefined,
  weights: MatchWeights,
): IdentifierComparison | null {
  if (!subject?.length || !listed?.length) return null;
  for (const mine of subject)
    for (const theirs of listed)
      if (mine.scheme === theirs.scheme && mine.value === theirs.value)
        return {
          rule: 'identifier_match',
          subject: mine,
          listed: theirs,
          evidence: `identifier match: subject ${shown(mine)} is listed as ${shown(theirs)}`,
        };
  const shared = subject.filter((mine) => listed.some((theirs) => theirs.scheme === mine.scheme));
  if (shared.length === 0) return null;
  const theirs = listed.filter((identifier) => shared.some((mine) => mine.scheme === identifier.scheme));
  return {
    rule: 'identifier_differs',
    adjustment: weights.identifier.differs,
    evidence: `subject ${shared.map(shown).join(', ')}; listed ${theirs.map(shown).join(', ')}`,
  };
}

/**
 * The identifier's contribution to a pair, given the other contributions' sum: a match lifts the score to
 * weights.identifier.match (never lowers it), a difference scales with the name score like the other features.
 */
export function identifierContribution(
  subject: readonly Identifier[] | undefined,
  listed: readonly Identifier[] | undefined,
  nameScore: number,
  otherContributions: number,
  weights: MatchWeights,
): { feature: 'identifier'; rule: IdentifierRule; weight: number; value: number; evidence: string } | null {
  const comparison = compareIdentifiers(subject, listed, weights);
  if (comparison === null) return null;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  if (comparison.rule === 'identifier_match')
    return {
      feature: 'identifier',
      rule: comparison.rule,
      weight: weights.identifier.match,
      value: round(Math.max(0, weights.identifier.match - otherContributions)),
      evidence: comparison.evidence,
    };
  return {
    feature: 'identifier',
    rule: comparison.rule,
    weight: comparison.adjustment,
    value: round(nameScore * comparison.adjustment),
    evidence: comparison.evidence,
  };
}
