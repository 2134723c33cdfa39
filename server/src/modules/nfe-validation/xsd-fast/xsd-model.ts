import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { internName, type XNode } from '@app/tax-engine';
import { NFE_NAMESPACE, parseXmlTree } from '../nfe-xml-scan.js';
import { builtinCheck, type FacetStep, NEVER, restrict, type ValueCheck } from './simple-types.js';

/**
 * The NF-e XSDs of one package compiled into the model fast-check.ts walks (decision 077). It knows only the
 * constructs these XSDs use (element, complexType, sequence, choice, attribute, simpleType restriction, simpleContent
 * extension, unique on an attribute of ./*); anything else throws at compile time and the package then has no fast
 * path (libxml2 checks every document, as before).
 */

const XS = 'http://www.w3.org/2001/XMLSchema';

export interface SimpleType {
  kind: 'simple';
  check: ValueCheck;
  ordered: boolean;
  /** Derived from xs:ID: values unique in the document. */
  ids: boolean;
  /** Derived from base64Binary: length facets count octets. */
  octets: boolean;
}
export interface AttributeDecl {
  type: SimpleType;
  required: boolean;
  fixed: string | null;
}
export type Particle =
  | { k: 'el'; name: string; min: number; max: number }
  | { k: 'seq' | 'choice'; parts: Particle[]; min: number; max: number };
export interface ComplexType {
  kind: 'complex';
  attributes: Map<string, AttributeDecl>;
  required: string[];
  /** Element-only content; null with `text` (simple content) or for an empty element. */
  content: Particle | null;
  text: SimpleType | null;
  /** The declaration of each element name its content admits (one per name: XSD's Element Declarations Consistent). */
  children: Map<string, ElementDecl>;
}
export interface ElementDecl {
  name: string;
  ns: string;
  type: SimpleType | ComplexType;
  /** xs:unique with selector ./* and field @attr: that attribute's values are unique among the children. */
  uniqueAttribute: string | null;
}

class Unsupported extends Error {}
const fail = (what: string): never => {
  throw new Unsupported(`XSD construct not handled by the fast check: ${what}`);
};
const IGNORED = new Set(['annotation', 'documentation', 'appinfo']);
const kids = (n: XNode) => n.children.filter((c) => !IGNORED.has(c.name));
const occurs = (v: string | undefined, dflt: number) =>
  v === undefined ? dflt : v === 'unbounded' ? Number.POSITIVE_INFINITY : Number(v);

interface SchemaFile {
  root: XNode;
  targetNs: string;
  prefixes: Map<string, string>;
}

export function compilePackage(dir: string, rootElement = 'NFe'): ElementDecl {
  const files: SchemaFile[] = [];
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.xsd'))) {
    const root = parseXmlTree(readFileSync(path.join(dir, f), 'utf8'));
    const prefixes = new Map<string, string>();
    for (const [k, v] of Object.entries(root.attrs)) {
      if (k === 'xmlns') prefixes.set('', v);
      else if (k.startsWith('xmlns:')) prefixes.set(k.slice(6), v);
    }
    // A schema without targetNamespace is included by the NF-e's ("chameleon"): its names take the NF-e namespace.
    const targetNs = root.attrs.targetNamespace ?? NFE_NAMESPACE;
    if (!prefixes.has('')) prefixes.set('', targetNs);
    if (root.attrs.elementFormDefault !== 'qualified') fail(`elementFormDefault in ${f}`);
    if ((root.attrs.attributeFormDefault ?? 'unqualified') !== 'unqualified') fail(`attributeFormDefault in ${f}`);
    files.push({ root, targetNs, prefixes });
  }
  const globals = new Map<string, { node: XNode; file: SchemaFile }>();
  for (const file of files) {
    for (const n of kids(file.root)) {
      if (n.name === 'include' || n.name === 'import') continue;
      if (!['element', 'complexType', 'simpleType'].includes(n.name)) fail(`top-level ${n.name}`);
      const key = `${n.name === 'element' ? 'e' : 't'}{${file.targetNs}}${n.attrs.name}`;
      if (globals.has(key)) fail(`two global declarations of ${n.attrs.name}`);
      globals.set(key, { node: n, file });
    }
  }
  const typeCache = new Map<string, SimpleType | ComplexType>();

  const qname = (file: SchemaFile, q: string): [string, string] => {
    const i = q.indexOf(':');
    const ns = file.prefixes.get(i < 0 ? '' : q.slice(0, i));
    if (ns === undefined) fail(`prefix of ${q}`);
    return [ns as string, q.slice(i + 1)];
  };

  function namedType(file: SchemaFile, q: string): SimpleType | ComplexType {
    const [ns, local] = qname(file, q);
    if (ns === XS) {
      const b = builtinCheck(local);
      return { kind: 'simple', check: b.check, ordered: b.ordered, ids: b.ids === true, octets: b.octets === true };
    }
    const key = `{${ns}}${local}`;
    const cached = typeCache.get(key);
    if (cached) return cached;
    const g = globals.get(`t${key}`) ?? fail(`type ${q}`);
    const t = g.node.name === 'simpleType' ? simpleType(g.file, g.node) : complexType(g.file, g.node);
    typeCache.set(key, t);
    return t;
  }

  function simpleType(file: SchemaFile, node: XNode): SimpleType {
    const [r, ...rest] = kids(node);
    if (!r || rest.length > 0 || r.name !== 'restriction') fail('simpleType other than a restriction');
    const restriction = r as XNode;
    let base: SimpleType;
    const inline = kids(restriction).find((c) => c.name === 'simpleType');
    if (inline) base = simpleType(file, inline);
    else {
      const t = namedType(file, restriction.attrs.base ?? fail('restriction without base'));
      if (t.kind !== 'simple') return fail('restriction of a complex type');
      base = t;
    }
    const step: FacetStep = { patterns: [], enumerations: [] };
    for (const f of kids(restriction)) {
      const v = f.attrs.value ?? '';
      if (f.name === 'pattern') step.patterns.push(v);
      else if (f.name === 'enumeration') step.enumerations.push(v);
      else if (f.name === 'length') step.length = Number(v);
      else if (f.name === 'minLength') step.minLength = Number(v);
      else if (f.name === 'maxLength') step.maxLength = Number(v);
      else if (f.name === 'minInclusive') step.minInclusive = v;
      else if (f.name === 'whiteSpace') step.whiteSpace = v;
      else if (f.name !== 'simpleType') return { ...base, check: NEVER };
    }
    return { ...base, check: restrict(base.check, step, base.ordered, base.octets) };
  }

  function attributeDecl(file: SchemaFile, a: XNode): AttributeDecl {
    if (a.attrs.ref || a.attrs.default !== undefined || a.attrs.form) fail('attribute ref/default/form');
    const inline = kids(a).find((c) => c.name === 'simpleType');
    const t = inline ? simpleType(file, inline) : a.attrs.type ? namedType(file, a.attrs.type) : fail('untyped attr');
    if (t.kind !== 'simple') fail('complex attribute type');
    const use = a.attrs.use ?? 'optional';
    if (use === 'prohibited') fail('prohibited attribute');
    return { type: t as SimpleType, required: use === 'required', fixed: a.attrs.fixed ?? null };
  }

  function complexType(file: SchemaFile, node: XNode): ComplexType {
    if (node.attrs.mixed === 'true' || node.attrs.abstract === 'true') fail('mixed/abstract complexType');
    const t: ComplexType = {
      kind: 'complex',
      attributes: new Map(),
      required: [],
      content: null,
      text: null,
      children: new Map(),
    };
    const addAttribute = (a: XNode) => {
      const d = attributeDecl(file, a);
      t.attributes.set(internName(a.attrs.name ?? fail('attribute without name')), d);
      if (d.required) t.required.push(a.attrs.name as string);
    };
    for (const c of kids(node)) {
      if (c.name === 'sequence' || c.name === 'choice') t.content = particle(file, c, t.children);
      else if (c.name === 'attribute') addAttribute(c);
      else if (c.name === 'simpleContent') {
        const [ext, ...more] = kids(c);
        if (!ext || more.length > 0 || ext.name !== 'extension') fail('simpleContent other than an extension');
        const base = namedType(file, (ext as XNode).attrs.base ?? fail('extension without base'));
        if (base.kind !== 'simple') fail('simpleContent of a complex type');
        t.text = base as SimpleType;
        for (const a of kids(ext as XNode)) {
          if (a.name !== 'attribute') fail(`${a.name} in an extension`);
          addAttribute(a);
        }
      } else fail(`${c.name} in complexType`);
    }
    return t;
  }

  function particle(file: SchemaFile, node: XNode, scope: Map<string, ElementDecl>): Particle {
    const min = occurs(node.attrs.minOccurs, 1);
    const max = occurs(node.attrs.maxOccurs, 1);
    if (node.name === 'element') {
      const decl = elementDecl(file, node);
      const known = scope.get(decl.name);
      if (known && known.type !== decl.type) fail(`two declarations of ${decl.name} in one content model`);
      scope.set(decl.name, decl);
      return { k: 'el', name: decl.name, min, max };
    }
    if (node.name !== 'sequence' && node.name !== 'choice') return fail(`${node.name} in a content model`);
    return {
      k: node.name === 'sequence' ? 'seq' : 'choice',
      parts: kids(node).map((c) => particle(file, c, scope)),
      min,
      max,
    };
  }

  const elementCache = new Map<XNode, ElementDecl>();
  function elementDecl(file: SchemaFile, node: XNode): ElementDecl {
    const cached = elementCache.get(node);
    if (cached) return cached;
    if (node.attrs.ref) {
      const [ns, local] = qname(file, node.attrs.ref);
      const g = globals.get(`e{${ns}}${local}`) ?? fail(`element ${node.attrs.ref}`);
      return elementDecl(g.file, g.node);
    }
    for (const a of ['fixed', 'default', 'nillable', 'abstract', 'substitutionGroup', 'form', 'block'])
      if (node.attrs[a] !== undefined) fail(`element attribute ${a}`);
    const decl: ElementDecl = {
      // Internalized like the tree's names: the walk compares them by identity, not character by character.
      name: internName(node.attrs.name ?? fail('element without name')),
      ns: internName(file.targetNs),
      type: { kind: 'simple', check: NEVER, ordered: false, ids: false, octets: false },
      uniqueAttribute: null,
    };
    elementCache.set(node, decl);
    for (const c of kids(node)) {
      if (c.name === 'complexType') decl.type = complexType(file, c);
      else if (c.name === 'simpleType') decl.type = simpleType(file, c);
      else if (c.name === 'unique') {
        const selector = kids(c).find((s) => s.name === 'selector')?.attrs.xpath;
        const fields = kids(c).filter((s) => s.name === 'field');
        const field = fields[0]?.attrs.xpath ?? '';
        if (selector !== './*' || fields.length !== 1 || !/^@\w+$/.test(field) || decl.uniqueAttribute)
          fail('unique constraint shape');
        decl.uniqueAttribute = field.slice(1);
      } else fail(`${c.name} in element`);
    }
    if (node.attrs.type) decl.type = namedType(file, node.attrs.type);
    else if (!kids(node).some((c) => c.name === 'complexType' || c.name === 'simpleType')) fail('untyped element');
    return decl;
  }

  const top = globals.get(`e{${NFE_NAMESPACE}}${rootElement}`) ?? fail(`global element ${rootElement}`);
  return elementDecl(top.file, top.node);
}
