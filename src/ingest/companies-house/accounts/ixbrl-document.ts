import { applyScale, readDisplayedNumber } from './ixbrl-numbers';
import { Parser } from 'htmlparser2';
import {
  INLINE_XBRL_NAMESPACES,
  isoDate,
  XBRLI_NAMESPACE,
  XBRLDI_NAMESPACE,
  XSI_NAMESPACE,
  type ExpandedName,
  type ContextPeriod,
  type ExplicitDimension,
  type XbrlContext,
  type NumericFact,
  type NonNumericFact,
  type DocumentProblem,
  type IxbrlDocument,
} from './ixbrl-facts';

/** The input is not an inline XBRL document at all: nothing in it could be read as facts. */
export class IxbrlDocumentError extends Error {
  override readonly name = 'IxbrlDocumentError';
}

// Filings are XHTML served with an HTML doctype, so HTML named entities turn up; XML mode knows only five. These
// are the ones accounts software writes; any other is left as written and reported.
const HTML_ENTITIES: Readonly<Record<string, number>> = {
  nbsp: 0xa0,
  pound: 0xa3,
  euro: 0x20ac,
  copy: 0xa9,
  reg: 0xae,
  ndash: 0x2013,
  mdash: 0x2014,
  minus: 0x2212,
  hellip: 0x2026,
  lsquo: 0x2018,
  rsquo: 0x2019,
  ldquo: 0x201c,
  rdquo: 0x201d,
  bull: 0x2022,
  middot: 0xb7,
  thinsp: 0x2009,
  ensp: 0x2002,
  emsp: 0x2003,
  times: 0xd7,
  pct: 0x25,
  sect: 0xa7,
  deg: 0xb0,
  frac12: 0xbd,
};
const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

interface OpenElement {
  name: string;
  scope: Map<string, string>;
  line: number;
  start: number;
}

interface FactCollector {
  kind: 'nonFraction' | 'nonNumeric';
  attributes: Record<string, string>;
  scope: Map<string, string>;
  depth: number;
  text: string;
  hidden: boolean;
  line: number;
}

interface ContextCollector {
  id: string;
  depth: number;
  line: number;
  scheme: string | null;
  identifier: string | null;
  instant: string | null;
  start: string | null;
  end: string | null;
  forever: boolean;
  dimensions: ExplicitDimension[];
  typed: { dimension: ExpandedName; value: string }[];
  malformed: string[];
}

interface TextCapture {
  target: 'identifier' | 'instant' | 'start' | 'end' | 'explicit' | 'typed' | 'measure';
  depth: number;
  text: string;
  dimension: string | null;
  scope: Map<string, string>;
}

/**
 * Reads an inline XBRL (XHTML) accounts document: its contexts, units and ix:nonFraction / ix:nonNumeric facts.
 * Problems a reader can work round (an unclosed tag, a fact pointing at a context that is not there, a number in
 * a format it does not know) are listed in `problems`; only a document with no inline XBRL in it at all throws.
 */
export function parseIxbrlDocument(source: string): IxbrlDocument {
  const lineStarts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
  }
  const lineAt = (offset: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };

  const problems: DocumentProblem[] = [];
  const report = (code: DocumentProblem['code'], message: string, line: number | null) =>
    problems.push({ code, message, line });

  const prepared = replaceHtmlEntities(source, (name, offset) =>
    report('unknown_entity', `&${name}; is not an entity this reader knows; left as written`, lineAt(offset)),
  );

  const stack: OpenElement[] = [];
  const facts: FactCollector[] = [];
  const contexts: Record<string, XbrlContext> = {};
  const units: Record<string, string[]> = {};
  const numericFacts: NumericFact[] = [];
  const nonNumericFacts: NonNumericFact[] = [];
  let context: ContextCollector | null = null;
  let capture: TextCapture | null = null;
  let unit: { id: string; depth: number; measures: string[] } | null = null;
  let excludeDepth = 0;
  let hiddenDepth = 0;
  let sawInlineXbrl = false;

  const resolve = (qname: string, scope: Map<string, string>, line: number): ExpandedName => {
    const trimmed = qname.trim();
    const colon = trimmed.indexOf(':');
    const prefix = colon === -1 ? '' : trimmed.slice(0, colon);
    const local = colon === -1 ? trimmed : trimmed.slice(colon + 1);
    const namespace = scope.get(prefix) ?? null;
    if (namespace === null && prefix !== '') {
      report('undeclared_prefix', `prefix "${prefix}" of ${trimmed} is not declared`, line);
    }
    return { qname: trimmed, namespace, local };
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const line = lineAt(parser.startIndex);
        const parentScope = stack[stack.length - 1]?.scope ?? new Map<string, string>();
        let scope = parentScope;
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) {
            if (scope === parentScope) scope = new Map(parentScope);
            scope.set(attribute === 'xmlns' ? '' : attribute.slice(6), value);
          }
        }
        stack.push({ name, scope, line, start: parser.startIndex });
        const depth = stack.length;
        const element = elementName(name, scope);

        if (INLINE_XBRL_NAMESPACES.includes(element.namespace ?? '')) {
          sawInlineXbrl = true;
          if (element.local === 'exclude') excludeDepth += 1;
          if (element.local === 'hidden') hiddenDepth += 1;
          if (element.local === 'nonFraction' || element.local === 'nonNumeric') {
            facts.push({
              kind: element.local,
              attributes,
              scope,
              depth,
              text: '',
              hidden: hiddenDepth > 0,
              line,
            });
          }
          return;
        }

        if (element.namespace === XBRLI_NAMESPACE) {
          switch (element.local) {
            case 'context':
              context = {
                id: attributes.id ?? '',
                depth,
                line,
                scheme: null,
                identifier: null,
                instant: null,
                start: null,
                end: null,
                forever: false,
                dimensions: [],
                typed: [],
                malformed: [],
              };
              return;
            case 'identifier':
              if (context) {
                context.scheme = attributes.scheme ?? '';
                capture = { target: 'identifier', depth, text: '', dimension: null, scope };
              }
              return;
            case 'instant':
            case 'startDate':
            case 'endDate': {
              const target =
                element.local === 'instant' ? 'instant' : element.local === 'startDate' ? 'start' : 'end';
              if (context) capture = { target, depth, text: '', dimension: null, scope };
              return;
            }
            case 'forever':
              if (context) context.forever = true;
              return;
            case 'unit':
              unit = { id: attributes.id ?? '', depth, measures: [] };
              return;
            case 'measure':
              if (unit) capture = { target: 'measure', depth, text: '', dimension: null, scope };
              return;
          }
          return;
        }

        if (element.namespace === XBRLDI_NAMESPACE && context) {
          if (element.local === 'explicitMember' || element.local === 'typedMember') {
            capture = {
              target: element.local === 'explicitMember' ? 'explicit' : 'typed',
              depth,
              text: '',
              dimension: attributes.dimension ?? null,
              scope,
            };
          }
        }
      },

      ontext(text) {
        if (capture) capture.text += text;
        if (excludeDepth > 0) return;
        for (const fact of facts) fact.text += text;
      },

      onclosetag(name, isImplied) {
        const open = stack.pop();
        if (!open) return;
        const depth = stack.length + 1;
        // A self-closing tag is also reported as implied; it is the one whose close starts where it opened.
        if (isImplied && parser.startIndex !== open.start) {
          report('unclosed_element', `<${open.name}> opened on line ${open.line} is never closed`, open.line);
        }
        const element = elementName(open.name, open.scope);

        if (capture && capture.depth === depth) {
          finishCapture(
            capture,
            context,
            unit,
            (qname, line) => resolve(qname, capture!.scope, line),
            open.line,
          );
          capture = null;
        }

        if (INLINE_XBRL_NAMESPACES.includes(element.namespace ?? '')) {
          if (element.local === 'exclude') excludeDepth -= 1;
          if (element.local === 'hidden') hiddenDepth -= 1;
          const fact = facts[facts.length - 1];
          if (fact && fact.depth === depth) {
            facts.pop();
            const resolveHere = (qname: string) => resolve(qname, fact.scope, fact.line);
            if (fact.kind === 'nonFraction') {
              const numeric = finishNumericFact(fact, resolveHere, report);
              if (numeric) numericFacts.push(numeric);
            } else {
              const text = finishNonNumericFact(fact, resolveHere, report);
              if (text) nonNumericFacts.push(text);
            }
          }
          return;
        }

        if (element.namespace === XBRLI_NAMESPACE) {
          if (element.local === 'context' && context && context.depth === depth) {
            const finished = finishContext(context);
            if ('problem' in finished) report('bad_context', finished.problem, context.line);
            else if (contexts[finished.context.id]) {
              report(
                'duplicate_context',
                `context "${finished.context.id}" is defined twice; first kept`,
                context.line,
              );
            } else contexts[finished.context.id] = finished.context;
            context = null;
          } else if (element.local === 'unit' && unit && unit.depth === depth) {
            if (unit.id === '') report('missing_attribute', 'a unit has no id', open.line);
            else units[unit.id] = unit.measures;
            unit = null;
          }
        }
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(prepared);
  parser.end();

  if (!sawInlineXbrl) {
    throw new IxbrlDocumentError(
      'not an inline XBRL document: no element in the inline XBRL namespace (http://www.xbrl.org/2013/inlineXBRL)',
    );
  }

  for (const fact of [...numericFacts, ...nonNumericFacts]) {
    if (!contexts[fact.context_ref]) {
      report(
        'unknown_context',
        `${fact.name.qname} refers to context "${fact.context_ref}", which is not defined`,
        fact.line,
      );
    }
  }
  for (const fact of numericFacts) {
    if (fact.unit_ref !== null && !units[fact.unit_ref]) {
      report(
        'unknown_unit',
        `${fact.name.qname} refers to unit "${fact.unit_ref}", which is not defined`,
        fact.line,
      );
    }
  }

  return { contexts, units, numeric_facts: numericFacts, non_numeric_facts: nonNumericFacts, problems };
}

function elementName(name: string, scope: Map<string, string>): { namespace: string | null; local: string } {
  const colon = name.indexOf(':');
  const prefix = colon === -1 ? '' : name.slice(0, colon);
  return { namespace: scope.get(prefix) ?? null, local: colon === -1 ? name : name.slice(colon + 1) };
}

function replaceHtmlEntities(source: string, onUnknown: (name: string, offset: number) => void): string {
  return source.replace(/&([A-Za-z][A-Za-z0-9]*);/g, (whole, name: string, offset: number) => {
    if (XML_ENTITIES.has(name)) return whole;
    const codePoint = HTML_ENTITIES[name];
    if (codePoint === undefined) {
      onUnknown(name, offset);
      return whole;
    }
    return `&#${codePoint};`;
  });
}

function finishCapture(
  capture: TextCapture,
  context: ContextCollector | null,
  unit: { measures: string[] } | null,
  resolve: (qname: string, line: number) => ExpandedName,
  line: number,
): void {
  const text = capture.text.trim();
  if (capture.target === 'measure') {
    unit?.measures.push(text);
    return;
  }
  if (!context) return;
  switch (capture.target) {
    case 'identifier':
      context.identifier = text;
      return;
    case 'instant':
      context.instant = text;
      return;
    case 'start':
      context.start = text;
      return;
    case 'end':
      context.end = text;
      return;
    case 'explicit':
    case 'typed': {
      if (capture.dimension === null) {
        context.malformed.push('a dimension member has no dimension attribute');
        return;
      }
      const dimension = resolve(capture.dimension, line);
      if (capture.target === 'explicit') context.dimensions.push({ dimension, member: resolve(text, line) });
      else context.typed.push({ dimension, value: text });
    }
  }
}

/** XBRL dates may carry a time; the accounts only care about the day. */
function dayOf(value: string | null): string | null {
  if (value === null) return null;
  const day = value.slice(0, 10);
  return isoDate.safeParse(day).success ? day : null;
}

function finishContext(collector: ContextCollector): { context: XbrlContext } | { problem: string } {
  const label = collector.id === '' ? 'a context with no id' : `context "${collector.id}"`;
  if (collector.id === '') return { problem: `${label} cannot be referred to` };
  if (collector.malformed.length > 0) return { problem: `${label}: ${collector.malformed.join('; ')}` };
  let period: ContextPeriod;
  if (collector.instant !== null) {
    const instant = dayOf(collector.instant);
    if (instant === null)
      return { problem: `${label} has an instant that is not a date: "${collector.instant}"` };
    period = { type: 'instant', instant };
  } else if (collector.start !== null || collector.end !== null) {
    const start = dayOf(collector.start);
    const end = dayOf(collector.end);
    if (start === null || end === null) {
      return { problem: `${label} has a duration without a valid start and end date` };
    }
    period = { type: 'duration', start, end };
  } else if (collector.forever) {
    period = { type: 'forever' };
  } else {
    return { problem: `${label} has no period` };
  }
  return {
    context: {
      id: collector.id,
      entity:
        collector.identifier === null
          ? null
          : { scheme: collector.scheme ?? '', identifier: collector.identifier },
      period,
      dimensions: collector.dimensions,
      typed_dimensions: collector.typed,
    },
  };
}

function isNil(attributes: Record<string, string>, scope: Map<string, string>): boolean {
  return Object.entries(attributes).some(([attribute, value]) => {
    const colon = attribute.indexOf(':');
    if (colon === -1 || attribute.slice(colon + 1) !== 'nil') return false;
    return scope.get(attribute.slice(0, colon)) === XSI_NAMESPACE && (value === 'true' || value === '1');
  });
}

type Report = (code: DocumentProblem['code'], message: string, line: number | null) => void;

function finishNumericFact(
  fact: FactCollector,
  resolve: (qname: string) => ExpandedName,
  report: Report,
): NumericFact | null {
  const { attributes, line } = fact;
  const name = attributes.name;
  const contextRef = attributes.contextRef;
  if (!name || !contextRef) {
    report('missing_attribute', `an ix:nonFraction has no ${name ? 'contextRef' : 'name'}; skipped`, line);
    return null;
  }
  const expanded = resolve(name);
  const nil = isNil(attributes, fact.scope);
  let scale = 0;
  if (attributes.scale !== undefined) {
    scale = Number(attributes.scale);
    if (!Number.isInteger(scale)) {
      report(
        'bad_attribute',
        `${name} has scale "${attributes.scale}", not an integer; value not read`,
        line,
      );
    }
  }
  const negative = attributes.sign === '-';
  if (attributes.sign !== undefined && !negative) {
    report('bad_attribute', `${name} has sign "${attributes.sign}"; only "-" means anything`, line);
  }
  const format = attributes.format ? resolve(attributes.format) : null;
  const decimals = attributes.decimals ?? null;

  let value: number | null = null;
  if (!nil && Number.isInteger(scale)) {
    const read = readDisplayedNumber(fact.text, format);
    if ('problem' in read) {
      report(read.code, `${name}: ${read.problem}`, line);
    } else if (read.digits !== null) {
      value = applyScale(read.digits, scale, decimals);
      if (negative && value !== 0) value = -value;
    }
  }

  return {
    name: expanded,
    id: attributes.id ?? null,
    context_ref: contextRef,
    unit_ref: attributes.unitRef ?? null,
    decimals,
    scale: Number.isInteger(scale) ? scale : 0,
    negative,
    format,
    displayed_text: fact.text,
    nil,
    hidden: fact.hidden,
    value,
    line,
  };
}

function finishNonNumericFact(
  fact: FactCollector,
  resolve: (qname: string) => ExpandedName,
  report: Report,
): NonNumericFact | null {
  const { attributes, line } = fact;
  if (!attributes.name || !attributes.contextRef) {
    report(
      'missing_attribute',
      `an ix:nonNumeric has no ${attributes.name ? 'contextRef' : 'name'}; skipped`,
      line,
    );
    return null;
  }
  return {
    name: resolve(attributes.name),
    context_ref: attributes.contextRef,
    format: attributes.format ? resolve(attributes.format) : null,
    text: fact.text.replace(/[\s\u00a0]+/g, ' ').trim(),
    nil: isNil(attributes, fact.scope),
    hidden: fact.hidden,
    line,
  };
}

export * from './ixbrl-facts';
