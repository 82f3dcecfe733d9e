/**
 * Rows as plain objects, built in JavaScript from a statement's values. better-sqlite3 builds an object row through
 * V8's C++ API, one property at a time; a company row has 46 columns, and building it that way cost about 8 of
 * the 18 µs of a point read (docs/performance.md, "The hot path of a keyed call"). A row read as an array of
 * values (`raw`) and made an object by a function compiled for the statement's columns is built by the JIT as
 * one object literal.
 *
 * The object is the one better-sqlite3 would give: the columns in order, a later column of the same name
 * overwriting an earlier one. A statement whose columns include `__proto__` (which a literal would take for the
 * prototype) keeps better-sqlite3's own objects: `compiledRowBuilder` answers undefined for it.
 */
export type RowBuilder = (values: readonly unknown[]) => Record<string, unknown>;

export function compiledRowBuilder(columns: readonly string[]): RowBuilder | undefined {
  if (columns.includes('__proto__')) return undefined;
  // The names come from the statement's own SQL; JSON.stringify makes each a valid, exact string literal.
  const properties = columns.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return new Function('values', `return { ${properties.join(', ')} };`) as RowBuilder;
}
