import { dataMissing, kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';

/**
 * An active person (or entity) with significant control passes. With none, the company's active statements are
 * what it told the register instead (refer, with them); with neither, the register names nobody (refer). With no
 * PSC data ever imported for the company, the check cannot run.
 */
export const controlRule: KybRule = {
  check: 'control',
  apply({ pscs }) {
    if (pscs === null) {
      return {
        reasons: [
          dataMissing(
            'control',
            'register of persons with significant control',
            'No persons with significant control data has been imported for the company.',
          ),
        ],
        detail: 'No PSC data held.',
      };
    }
    const statements = pscs.statements.filter((statement) => statement.is_active);
    const counts = { active_count: pscs.active_count, ceased_count: pscs.ceased_count };
    if (pscs.active_count > 0) {
      return {
        reasons: [],
        detail: `${pscs.active_count} active person(s) with significant control; ${statements.length} active statement(s).`,
      };
    }
    if (statements.length > 0) {
      return {
        reasons: [
          kybReason(
            'psc_statements_only',
            `No active person with significant control; the company states instead: ` +
              `${statements.map((statement) => statement.description).join('; ')}.`,
            {
              ...counts,
              statements: statements.map(({ statement, description, notified_on }) => ({
                statement,
                description,
                notified_on,
              })),
            },
          ),
        ],
        detail: 'Statements only, no active person with significant control.',
      };
    }
    return {
      reasons: [
        kybReason(
          'no_psc_identified',
          'The register names no active person with significant control and holds no statement explaining why.',
          counts,
        ),
      ],
      detail: 'No active person with significant control and no statement.',
    };
  },
};
