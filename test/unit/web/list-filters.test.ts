import { h } from 'preact';
import { render } from 'preact-render-to-string';
import { ListFiltersForm, listFiltersOf, listPageHref } from '../../../src/web/pages/list-filters';

describe('a list page’s filter choices', () => {
  it('reads get_list_companies’s arguments from the query, joining repeated checkboxes and leaving out “any”', () => {
    expect(
      listFiltersOf({
        status: 'active',
        overdue: '',
        grade: ['A', 'C'],
        risk_level: 'low,high',
        sort: 'score',
        order: 'desc',
        offset: '50',
        q: 'acorn',
        other: 'x',
      }),
    ).toEqual({ status: 'active', grade: 'A,C', risk_level: 'low,high', sort: 'score', order: 'desc' });
    expect(listFiltersOf({})).toEqual({});
  });

  it('passes bad values through untouched, for the operation to refuse', () => {
    expect(listFiltersOf({ status: 'sleeping', min_score: '-4' })).toEqual({
      status: 'sleeping',
      min_score: '-4',
    });
  });

  it('keeps the choices, the search and the offset in a link', () => {
    expect(listPageHref(7, {})).toBe('/app/lists/7');
    expect(listPageHref(7, {}, { offset: 0 })).toBe('/app/lists/7?offset=0');
    const href = listPageHref(7, { status: 'active', grade: 'A,B' }, { q: 'a&b', offset: 100 });
    expect(href).toBe('/app/lists/7?status=active&grade=A%2CB&q=a%26b&offset=100');
    expect(listFiltersOf(Object.fromEntries(new URL(href, 'http://x').searchParams))).toEqual({
      status: 'active',
      grade: 'A,B',
    });
  });

  it('shows the choices made and a refusal next to its control', () => {
    const html = render(
      h(ListFiltersForm, {
        listId: 7,
        filters: { status: 'dissolved', grade: 'a,C', sort: 'score', min_score: '200' },
        q: 'acorn',
        problem: { status: 400, fields: { min_score: 'Too big: expected number to be <=100' } },
      }),
    );
    expect(html).toMatch(/<option value="dissolved" selected/);
    expect(html).toMatch(/<option value="score" selected/);
    expect(html).toMatch(/id="filter-grade-A"[^>]*checked/);
    expect(html).toMatch(/id="filter-grade-C"[^>]*checked/);
    expect(html).not.toMatch(/id="filter-grade-B"[^>]*checked/);
    expect(html).toContain('id="filter-min-score-error"');
    expect(html).toContain('value="200"');
    expect(html).toContain('<input type="hidden" name="q" value="acorn"/>');
    expect(html).toContain('<form method="get" action="/app/lists/7"');
  });
});
