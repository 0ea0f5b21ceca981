import { createRequire } from 'node:module';

// jsdom answers getComputedStyle by matching the element against every rule of every style sheet,
// its own default sheet included. material-ui's styles are one <style> element per rule, about
// 500 on a signed-in screen, and any change to the page empties jsdom's cache of the answers: a
// testing-library query by role then walks hundreds of elements and their ancestors, each against
// every rule. That was a third of the web tests' CPU time (docs/benchmarks.md).
//
// Browsers look a rule up by the class, id or tag its selector's last part requires, and match
// only those. This does the same inside jsdom: the same rules, matched by jsdom's own matcher, in
// the same order, so every answer is the one jsdom would give (style-rule-index.test.tsx compares
// them on a whole screen); only the rules that cannot match are no longer tried.

const requireFromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const styleRules = requireFromJsdom('./jsdom/living/helpers/style-rules.js');
const { matchesDontThrow } = requireFromJsdom('./jsdom/living/helpers/selectors.js');
const { implForWrapper } = requireFromJsdom('./jsdom/living/generated/utils.js');
const { CSSStyleDeclaration } = requireFromJsdom('cssstyle');
const cssom = requireFromJsdom('rrweb-cssom');
const defaultStyleSheet = requireFromJsdom('./jsdom/browser/default-stylesheet.js');

type Rule = {
  selectorText?: string;
  style: CSSStyleDeclaration;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<Rule>;
};
type Sheet = { cssRules: ArrayLike<Rule> };
type ElementImpl = {
  _ownerDocument: DocumentImpl;
  localName: string;
  getAttributeNS: (namespace: string | null, name: string) => string | null;
  style: CSSStyleDeclaration;
};
type DocumentImpl = {
  _styleCache: WeakMap<ElementImpl, CSSStyleDeclaration> | null;
  styleSheets: { _list: Sheet[] };
};

type Indexed = { rule: Rule; order: number };
type RuleIndex = {
  sheets: Sheet[];
  lengths: number[];
  everywhere: Indexed[];
  byId: Map<string, Indexed[]>;
  byClass: Map<string, Indexed[]>;
  byTag: Map<string, Indexed[]>;
};

const defaultSheet: Sheet = cssom.parse(defaultStyleSheet);

/** Splits at the top level only (outside brackets, parentheses and quotes). */
function splitTopLevel(text: string, isSeparator: (char: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && isSeparator(char)) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** The compound's own simple selectors, what is inside :where(), :not() and the like left out. */
function topLevelOf(compound: string): string {
  let depth = 0;
  let kept = '';
  for (const char of compound) {
    if (char === '(' || char === '[') depth++;
    if (depth === 0) kept += char;
    if (char === ')' || char === ']') depth--;
  }
  return kept;
}

type Key = { kind: 'id' | 'class' | 'tag'; name: string } | null;

/**
 * What an element must have for one selector to match it, read from the selector's last
 * compound: an id, else a class, else a tag. null when nothing is certain (a universal or
 * pseudo-class-only compound, or anything escaped), and the rule is then tried on every element.
 */
function keyOf(selector: string): Key {
  if (selector.includes('\\')) return null;
  const compounds = splitTopLevel(selector, (char) => /[\s>+~]/.test(char));
  const last = topLevelOf(compounds.at(-1) ?? '');
  const id = /#(-?[_a-zA-Z][\w-]*)/.exec(last);
  if (id) return { kind: 'id', name: id[1]! };
  const className = /\.(-?[_a-zA-Z][\w-]*)/.exec(last);
  if (className) return { kind: 'class', name: className[1]! };
  const tag = /^([a-zA-Z][\w-]*)/.exec(last);
  if (tag) return { kind: 'tag', name: tag[1]!.toLowerCase() };
  return null;
}

function add(map: Map<string, Indexed[]>, name: string, entry: Indexed) {
  const list = map.get(name);
  if (list) {
    if (list.at(-1) !== entry) list.push(entry);
  } else map.set(name, [entry]);
}

function buildIndex(sheets: Sheet[]): RuleIndex {
  const index: RuleIndex = {
    sheets,
    lengths: sheets.map((sheet) => sheet.cssRules.length),
    everywhere: [],
    byId: new Map(),
    byClass: new Map(),
    byTag: new Map(),
  };
  let order = 0;
  const place = (rule: Rule) => {
    const entry = { rule, order: order++ };
    const keys = splitTopLevel(rule.selectorText ?? '', (char) => char === ',').map(keyOf);
    // A selector list is tried wherever any of its selectors could match.
    if (keys.length === 0 || keys.includes(null)) return void index.everywhere.push(entry);
    for (const key of keys as NonNullable<Key>[]) {
      const map =
        key.kind === 'id' ? index.byId : key.kind === 'class' ? index.byClass : index.byTag;
      add(map, key.name, entry);
    }
  };
  // The rules jsdom's own cascade reads, in its order: the default sheet, then the document's,
  // the inner rules of an @media rule for the screen.
  for (const sheet of [defaultSheet, ...sheets]) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule.media) {
        if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1) {
          for (const inner of Array.from(rule.cssRules ?? [])) place(inner);
        }
      } else place(rule);
    }
  }
  return index;
}

const indexes = new WeakMap<DocumentImpl, RuleIndex>();

function indexFor(document: DocumentImpl): RuleIndex {
  const sheets = document.styleSheets._list;
  const known = indexes.get(document);
  const current =
    known &&
    known.sheets.length === sheets.length &&
    sheets.every(
      (sheet, at) => known.sheets[at] === sheet && known.lengths[at] === sheet.cssRules.length,
    );
  if (current) return known;
  const index = buildIndex([...sheets]);
  indexes.set(document, index);
  return index;
}

/** The rules that may match `element`, in cascade order. */
function candidatesFor(index: RuleIndex, element: ElementImpl): Indexed[] {
  const found = [...index.everywhere];
  const id = element.getAttributeNS(null, 'id');
  if (id) found.push(...(index.byId.get(id) ?? []));
  for (const name of (element.getAttributeNS(null, 'class') ?? '').split(/\s+/)) {
    if (name) found.push(...(index.byClass.get(name) ?? []));
  }
  found.push(...(index.byTag.get(element.localName.toLowerCase()) ?? []));
  found.sort((a, b) => a.order - b.order);
  return found.filter((entry, at) => at === 0 || found[at - 1] !== entry);
}

/** jsdom's getDeclarationForElement (helpers/style-rules.js), with the rules looked up. */
function declarationFor(element: ElementImpl): CSSStyleDeclaration {
  const document = element._ownerDocument;
  // jsdom's cache, which it empties on every change to the page or its style sheets. An element
  // not in it is worked out against the index, which indexFor rebuilds when the sheets changed.
  const cache = (document._styleCache ??= new WeakMap());
  const cached = cache.get(element);
  if (cached) return cached;
  const declaration = new CSSStyleDeclaration();
  const apply = (style: CSSStyleDeclaration, property: string) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  for (const { rule } of candidatesFor(indexFor(document), element)) {
    if (!matchesDontThrow(element, rule.selectorText)) continue;
    for (const property of Array.from(rule.style)) apply(rule.style, property);
  }
  for (const property of Array.from(element.style)) apply(element.style, property);
  cache.set(element, declaration);
  return declaration;
}

// jsdom's own function, kept on its module the first time: a test file's module instance may find
// the export already replaced by an earlier file's (the worker keeps jsdom loaded between files).
const ORIGINAL = Symbol.for('member-invest.jsdomGetDeclarationForElement');
styleRules[ORIGINAL] ??= styleRules.getDeclarationForElement;
const jsdomGetDeclaration = styleRules[ORIGINAL] as (element: ElementImpl) => CSSStyleDeclaration;

/**
 * Puts the indexed lookup in jsdom's place: for the cascade of inherited values (read through
 * the module's export) and, by filling jsdom's cache first, for window.getComputedStyle itself.
 */
export function installStyleRuleIndex(window: Window): void {
  styleRules.getDeclarationForElement = declarationFor;
  const original = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element, pseudoElement) => {
    const impl = implForWrapper(element) as ElementImpl | null;
    if (impl?._ownerDocument) declarationFor(impl);
    return original(element, pseudoElement);
  };
}

/** The declaration `element` gets from jsdom's cascade or from the indexed one, uncached. */
export function declarationsOf(element: Element): {
  jsdom: CSSStyleDeclaration;
  indexed: CSSStyleDeclaration;
} {
  const impl = implForWrapper(element) as ElementImpl;
  impl._ownerDocument._styleCache = null;
  const jsdom = jsdomGetDeclaration(impl);
  impl._ownerDocument._styleCache = null;
  const indexed = declarationFor(impl);
  return { jsdom, indexed };
}
