import { compiledRowBuilder } from '../../../src/db/read-pool/row-builder';

describe('compiledRowBuilder', () => {
  it('makes an object of the values, keyed by the columns in order', () => {
    const build = compiledRowBuilder(['company_number', 'name', 'n'])!;
    const row = build(['01234567', 'ACME LIMITED', 3]);
    expect(row).toEqual({ company_number: '01234567', name: 'ACME LIMITED', n: 3 });
    expect(Object.keys(row)).toEqual(['company_number', 'name', 'n']);
    // A new object every time: a caller may keep or change one row without touching the next.
    expect(build(['1', 'B', 4])).not.toBe(build(['1', 'B', 4]));
  });

  it('lets a later column of the same name win, as better-sqlite3 does', () => {
    expect(compiledRowBuilder(['a', 'b', 'a'])!([1, 2, 3])).toEqual({ a: 3, b: 2 });
  });

  it('takes any column name as it is, quotes and code-like text included', () => {
    const names = [`it's "odd"\\n`, '${x}', "'); throw 1; ('", ' ', ''];
    const row = compiledRowBuilder(names)!(['q', 'x', 'code', 'space', 'empty']);
    expect(Object.entries(row)).toEqual(
      names.map((name, i) => [name, ['q', 'x', 'code', 'space', 'empty'][i]]),
    );
  });

  it('declines a column named __proto__, which an object literal would take for the prototype', () => {
    expect(compiledRowBuilder(['id', '__proto__'])).toBeUndefined();
  });
});
