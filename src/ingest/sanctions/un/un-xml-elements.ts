/*
 * Reading the tree fast-xml-parser builds when every element is parsed as an array (so a repeated element and a
 * lone one look the same) and no value is converted (a reference number "0123" stays a string).
 */

export type XmlElement = Record<string, unknown>;

export const ATTRIBUTE_PREFIX = '@_';

/** The child elements named `tag`, in document order. */
export function childElements(element: XmlElement, tag: string): unknown[] {
  const value = element[tag];
  return Array.isArray(value) ? value : [];
}

/** An element's text, trimmed; null when it is empty or has child elements only. */
export function textOf(value: unknown): string | null {
  const text =
    typeof value === 'string'
      ? value
      : isElement(value) && typeof value['#text'] === 'string'
        ? value['#text']
        : '';
  const trimmed = text.trim();
  return trimmed.length === 0 ? null : trimmed;
}

export function isElement(value: unknown): value is XmlElement {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of the first child named `tag` that has any. */
export function childText(element: XmlElement, tag: string): string | null {
  for (const child of childElements(element, tag)) {
    const text = textOf(child);
    if (text !== null) return text;
  }
  return null;
}

/** The list's repeated-value wrappers (NATIONALITY, TITLE, LAST_DAY_UPDATED …) hold their items as VALUE children. */
export function childValues(element: XmlElement, tag: string): string[] {
  const values: string[] = [];
  for (const child of childElements(element, tag)) {
    if (!isElement(child)) continue;
    for (const value of childElements(child, 'VALUE')) {
      const text = textOf(value);
      if (text !== null) values.push(text);
    }
  }
  return values;
}

/**
 * One element as a line of text for `details`: its own text, or "CHILD: text; CHILD: text" over its children (a
 * VALUE list joined with ", "), so a document or place of birth is kept whole without a field for each part.
 */
export function describe(value: unknown): string | null {
  const own = textOf(value);
  if (own !== null || !isElement(value)) return own;
  const parts: string[] = [];
  for (const [tag, children] of Object.entries(value)) {
    if (tag.startsWith(ATTRIBUTE_PREFIX) || tag === '#text' || !Array.isArray(children)) continue;
    const texts = children.map(describe).filter((text): text is string => text !== null);
    if (texts.length === 0) continue;
    parts.push(tag === 'VALUE' ? texts.join(', ') : `${tag}: ${texts.join(', ')}`);
  }
  return parts.length === 0 ? null : parts.join('; ');
}
