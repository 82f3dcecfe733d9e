import { ATTRIBUTE_PREFIX, childElements, isElement, type XmlElement } from '../un/un-xml-elements';

/*
 * The EU list carries almost every value in attributes (nameAlias wholeName="…", citizenship
 * countryIso2Code="…"), where the UN list uses child elements; these read them from the same fast-xml-parser tree.
 */

/** An attribute's value, trimmed; null when absent or empty (the list writes middleName="" for "none"). */
export function attribute(element: XmlElement, name: string): string | null {
  const value = element[`${ATTRIBUTE_PREFIX}${name}`];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length === 0 ? null : trimmed;
}

/** The child elements named `tag` that are elements (an attribute-only element parses as an object). */
export function children(element: XmlElement, tag: string): XmlElement[] {
  return childElements(element, tag).map((child) => (isElement(child) ? child : {}));
}

/**
 * The country an element names, as the list words it: countryDescription ("RUSSIAN FEDERATION"), which the
 * matcher's country table reads like the UK list's names, else countryIso2Code; the list's "UNKNOWN" / "00" are none.
 */
export function countryOf(element: XmlElement): string | null {
  const description = attribute(element, 'countryDescription');
  if (description !== null && description.toUpperCase() !== 'UNKNOWN') return description;
  const code = attribute(element, 'countryIso2Code');
  return code === null || code === '00' ? null : code;
}
