import { sanctionsListOption } from '../../../src/cli/sanctions-list-option';
import { ServiceError } from '../../../src/domain/errors';
import { sanctionsRefreshScheduleId } from '../../../src/temporal/names';
import { SANCTIONS_LIST_REFRESH } from '../../../src/ingest/sanctions/sanctions-list-refresh-table';

describe('the CLI --list option and the refresh table', () => {
  it('reads a list id (any case), and nothing when not given', () => {
    expect(sanctionsListOption({})).toBeUndefined();
    expect(sanctionsListOption({ list: 'ofac' })).toBe('ofac');
    expect(sanctionsListOption({ list: ' EU ' })).toBe('eu');
  });

  it('refuses an unknown list with invalid_argument, naming the lists', () => {
    let thrown: unknown;
    try {
      sanctionsListOption({ list: 'interpol' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    expect(thrown).toMatchObject({
      code: 'invalid_argument',
      message: '--list "interpol" is not a sanctions list; the lists are uk, ofac, eu, un',
    });
  });

  it("keeps the UK Schedule's id of before, and gives every other list its own", () => {
    expect(Object.values(SANCTIONS_LIST_REFRESH).map((rule) => rule.scheduleId)).toEqual([
      'sanctions-refresh',
      'sanctions-refresh-ofac',
      'sanctions-refresh-eu',
      'sanctions-refresh-un',
    ]);
    expect(sanctionsRefreshScheduleId('un')).toBe('sanctions-refresh-un');
    expect(SANCTIONS_LIST_REFRESH.ofac.summary).toBe(
      'OFAC Specially Designated Nationals List refresh: a new version when the published list changed',
    );
  });
});
