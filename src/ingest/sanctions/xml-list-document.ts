import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ServiceError } from '../../domain/errors';
import { ATTRIBUTE_PREFIX, childElements, isElement, type XmlElement } from './un/un-xml-elements';

/*
 * The first steps every published XML list takes (the UN and EU lists): UTF-8 text, well-formed XML (line and
 * column when not), read with every element an array and every value a string as published, and the root element
 * the list's own. `notTheList` words the error for the list at hand.
 */

type NotTheList = (detail: string, where?: { line?: number; column?: number }) => ServiceError;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  // The EU file declares a default namespace; a copy re-serialised with a prefix (ns2:export) reads the same.
  removeNSPrefix: true,
  // Values stay strings as published: "0123" is a number only to a guesser.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Every element an array, so one alias and three read alike.
  isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
});

/** The list's root element (empty when the root has no content), or the list's error. */
export function readXmlListRoot(input: Buffer | string, rootTag: string, notTheList: NotTheList): XmlElement {
  const text = decode(input, notTheList);
  if (text.trim().length === 0) throw notTheList('the file is empty');
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw notTheList(`not well-formed XML at line ${valid.err.line}: ${valid.err.msg}`, {
      line: valid.err.line,
      ...(valid.err.col === undefined ? {} : { column: valid.err.col }),
    });
  const tree = parser.parse(text) as XmlElement;
  const root = childElements(tree, rootTag)[0];
  if (!isElement(root) && root !== '') {
    const found = Object.keys(tree).find((key) => !key.startsWith('?'));
    throw notTheList(`the root element is ${JSON.stringify(found ?? '')}, expected "${rootTag}"`);
  }
  return isElement(root) ? root : {};
}

/** The lists are published as UTF-8; a file that is not is a wrong file, not a list with odd names. */
function decode(input: Buffer | string, notTheList: NotTheList): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input);
  } catch {
    throw notTheList('the file is not UTF-8 text');
  }
}
