import path from 'node:path';
import type { XNode } from '@app/tax-engine';
import { referenceDataDir } from '../../reference/loaders/reference-files.js';
import type { SchemaPackage } from '../nfe-schema.js';
import { NO_ATTRIBUTES, parseXmlTree, type TreeFacts, XmlBodyError } from '../nfe-xml-scan.js';
import { matchParticle } from './content-match.js';
import { compilePackage, type ElementDecl } from './xsd-model.js';

/**
 * The schema check's fast path (decision 077): a validator compiled once from the same XSDs libxml2 loads, which only
 * ever says "valid" when it can prove it. It walks the tree the rule book already read, so the body is parsed once, and
 * it proves only plain documents — UTF-8, one NFe, the default namespace, no prefixes, comments, processing
 * instructions or character references, nothing the tree drops (TreeFacts). On anything else, or any doubt, it answers
 * "not proven" and libxml2 checks the document as before and names the errors. It never names an error itself.
 */

const models = new Map<SchemaPackage, ElementDecl | null>();
const failures = new Map<SchemaPackage, string>();

function modelOf(pkg: SchemaPackage): ElementDecl | null {
  let m = models.get(pkg);
  if (m === undefined) {
    try {
      m = compilePackage(path.join(referenceDataDir, 'nfe-xsd', pkg));
    } catch (e) {
      // A package with a construct the compiler does not know has no fast path: libxml2 checks all its documents.
      failures.set(pkg, (e as Error).message);
      m = null;
    }
    models.set(pkg, m);
  }
  return m;
}

/** Compiles the packages now (tests, benches; the server compiles on its first NF-e) and says why one has none. */
export function warmFastCheck(pkgs: SchemaPackage[]): Map<SchemaPackage, string> {
  for (const pkg of pkgs) modelOf(pkg);
  return failures;
}

const XML_DECL =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.0\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])(?:UTF|utf)-8\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\3)?[ \t\r\n]*\?>/;
/**
 * Characters XML 1.0 forbids, U+FFFD (a sign of bytes decoded wrongly) and every surrogate (characters beyond the
 * BMP are rare in an NF-e and not worth telling a pair from a lone half here).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters XML forbids is the point
const BAD_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFD-\uFFFF]/;

/** Why the text itself is not plain enough to prove, or null: what the tree cannot tell. */
function textDoubt(xml: string): string | null {
  const pos = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (xml.startsWith('<?xml', pos) && !XML_DECL.test(xml.slice(pos, pos + 200))) return 'declaração <?xml';
  if (xml.includes('&#')) return 'referência de caractere';
  if (BAD_CHAR.test(xml)) return 'caractere fora do XML 1.0';
  return null;
}

/**
 * Null when the NFe element of the tree (the root NFe, or nfeProc's NFe child, as libxml2 is given it) is proven valid
 * against the package; otherwise where the proof stopped (not an error message: libxml2 gives those). `xml` is the
 * text the tree was read from, `facts` what its reading found; an unsigned NFe (`signed` false) is checked as libxml2
 * checks it, with the placeholder signature (a constant, valid by the schema) as its last child.
 */
export function treeDoubt(
  xml: string,
  root: XNode,
  facts: TreeFacts,
  pkg: SchemaPackage,
  signed: boolean,
): string | null {
  const model = modelOf(pkg);
  if (!model) return `pacote sem verificação rápida (${failures.get(pkg)})`;
  if (!facts.plain) return 'prefixo, texto entre elementos, comentário, atributo normalizado ou nome não ASCII';
  if (facts.nfe !== 1) return `${facts.nfe} elementos NFe`;
  const doubt = textDoubt(xml);
  if (doubt) return doubt;
  let nfe: XNode | undefined = root;
  let ns = root.attrs.xmlns ?? '';
  if (root.name === 'nfeProc') {
    nfe = root.children.find((c) => c.name === 'NFe');
    ns = nfe?.attrs.xmlns ?? ns;
  } else if (root.name !== 'NFe') return `raiz <${root.name}>`;
  if (!nfe) return 'nfeProc sem NFe';
  if (ns !== model.ns) return 'namespace de <NFe>';
  // From here a namespace is one of the model's own strings, compared by identity (not 34 characters per element).
  return element(nfe, model, model.ns, new Set(), !signed, facts.untrimmed);
}

/** The same proof from the text alone (tests and benches): parses it as the service does, signature as given. */
export function whyNotProven(xml: string, pkg: SchemaPackage): string | null {
  const facts: TreeFacts = { plain: true, nfe: 0 };
  let root: XNode;
  try {
    root = parseXmlTree(xml, facts);
  } catch (e) {
    if (e instanceof XmlBodyError) return 'XML mal formado';
    throw e;
  }
  return treeDoubt(xml, root, facts, pkg, true);
}

export const provenValid = (xml: string, pkg: SchemaPackage) => whyNotProven(xml, pkg) === null;

/** The placeholder signature as the matcher sees it, after the children of an unsigned NFe. */
const SIGNATURE: XNode = { name: 'Signature', attrs: NO_ATTRIBUTES, children: [], text: '' };

/**
 * One element against its declaration (its namespace `ns` already checked), then its children. It allocates next to
 * nothing on a plain document (decision 077): the request's tree is alive meanwhile, and allocation that sends a
 * scavenge while a tree is alive is what promotes trees.
 */
function element(
  node: XNode,
  decl: ElementDecl,
  ns: string,
  ids: Set<string>,
  unsigned: boolean,
  untrimmed: Map<XNode, string> | undefined,
): string | null {
  const type = decl.type;
  // libxml2 reads a leaf's text as written; the tree keeps it trimmed (a certificate wrapped in lines ends in one).
  const text = untrimmed?.get(node) ?? node.text;
  const attrs = node.attrs;
  let required = 0;
  // Most elements share the parser's empty attributes, skipped without looking.
  if (attrs !== NO_ATTRIBUTES)
    for (const name in attrs) {
      if (name === 'xmlns') continue;
      if (type.kind !== 'complex') return `atributo ${name} em <${node.name}>`;
      const a = type.attributes.get(name);
      const v = attrs[name] as string;
      if (!a || (a.fixed !== null && v !== a.fixed) || !a.type.check(v)) return `atributo ${name} em <${node.name}>`;
      if (a.type.ids) {
        if (ids.has(v)) return `ID repetido em <${node.name}>`;
        ids.add(v);
      }
      if (a.required) required++;
    }
  if (type.kind === 'simple')
    return node.children.length === 0 && type.check(text) ? null : `conteúdo de <${node.name}>`;
  if (required !== type.required.length) return `atributo obrigatório em <${node.name}>`;
  const children = node.children;
  if (type.content === null) {
    if (children.length > 0) return `elemento em <${node.name}>`;
    if (type.text) return type.text.check(text) ? null : `conteúdo de <${node.name}>`;
    return text === '' ? null : `texto em <${node.name}>`;
  }
  if (children.length === 0 && text !== '') return `texto em <${node.name}>`;
  const unique = decl.uniqueAttribute ? new Set<string>() : null;
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as XNode;
    const d = type.children.get(child.name);
    if (!d) return `<${child.name}> em <${node.name}>`;
    const declared = child.attrs.xmlns;
    if (declared !== undefined ? declared !== d.ns : ns !== d.ns) return `namespace de <${child.name}>`;
    if (unique) {
      const v = child.attrs[decl.uniqueAttribute as string];
      if (v !== undefined) {
        if (unique.has(v)) return `${decl.uniqueAttribute} repetido em <${node.name}>`;
        unique.add(v);
      }
    }
    const doubt = element(child, d, d.ns, ids, false, untrimmed);
    if (doubt) return doubt;
  }
  const sequence = unsigned ? [...children, SIGNATURE] : children;
  return matchParticle(type.content, sequence, 0) === sequence.length
    ? null
    : `sequência de elementos de <${node.name}>`;
}
