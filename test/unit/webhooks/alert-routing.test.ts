import {
  alertTypesInput,
  alertTypesOf,
  minSeverityInput,
  minSeverityOf,
  routes,
  storedAlertTypes,
} from '../../../src/domain/webhooks/alert-routing';
import { alertTypes } from '../../../src/domain/webhooks/events';

describe('routes', () => {
  it('takes every alert with no routing, and severities from the minimum up', () => {
    const every = { alertTypes: null, minSeverity: null };
    expect(routes(every, { alertType: 'new_filing', severity: 'info' })).toBe(true);
    const warning = { alertTypes: null, minSeverity: 'warning' as const };
    expect(routes(warning, { alertType: 'new_filing', severity: 'info' })).toBe(false);
    expect(routes(warning, { alertType: 'accounts_overdue', severity: 'warning' })).toBe(true);
    expect(routes(warning, { alertType: 'status_change', severity: 'critical' })).toBe(true);
  });

  it('takes only the listed types, at the minimum severity too', () => {
    const routing = { alertTypes: ['status_change' as const], minSeverity: 'critical' as const };
    expect(routes(routing, { alertType: 'status_change', severity: 'critical' })).toBe(true);
    expect(routes(routing, { alertType: 'status_change', severity: 'warning' })).toBe(false);
    expect(routes(routing, { alertType: 'gazette_notice', severity: 'critical' })).toBe(false);
  });
});

describe('the routing inputs and their stored form', () => {
  it('accepts any subset of the fifteen, once each, and the three severities', () => {
    expect(alertTypesInput.safeParse([...alertTypes]).success).toBe(true);
    expect(alertTypesInput.safeParse([]).success).toBe(true);
    expect(alertTypesInput.safeParse(['new_filing', 'bogus']).success).toBe(false);
    expect(alertTypesInput.safeParse(['new_filing', 'new_filing']).success).toBe(false);
    expect(alertTypesInput.safeParse('new_filing').success).toBe(false);
    expect(minSeverityInput.safeParse('critical').success).toBe(true);
    expect(minSeverityInput.safeParse('urgent').success).toBe(false);
  });

  it('stores an empty list as null (all) and reads back what it stored', () => {
    expect(storedAlertTypes([])).toBeNull();
    expect(storedAlertTypes(null)).toBeNull();
    expect(alertTypesOf(storedAlertTypes(['psc_change', 'gazette_notice']))).toEqual([
      'psc_change',
      'gazette_notice',
    ]);
    expect(alertTypesOf(null)).toBeNull();
    expect(alertTypesOf('["no_such_type"]')).toBeNull();
    expect(minSeverityOf('warning')).toBe('warning');
    expect(minSeverityOf(null)).toBeNull();
  });
});
