import type { XNode } from '@app/tax-engine';

/** Why an XML body was refused before any rule ran (answered 400 by the route). */
export class XmlBodyError extends Error {}

const MAX_DEPTH = 64;

/**
 * What the tree does not keep and the schema's fast path must know (xsd-fast/fast-check.ts, decision 077): `plain`
 * stays true only when the tree and `untrimmed` say all libxml2 would see — no namespace prefix, no text among
 * elements, no attribute value normalised, only ASCII names of plain length, no attribute named __proto__, no namespace
 * but the NF-e's and the signature's, no comment or processing instruction, CDATA only in a leaf — and `nfe` counts
 * the elements named NFe.
 */
export interface TreeFacts {
  plain: boolean;
  nfe: number;
  /** The text of each leaf that trim() changed, as written (references decoded): the tree keeps it trimmed. */
  untrimmed?: Map<XNode, string>;
  /** Where the end tag of the NFe libxml2 checks starts in the text ("</NFe"): the root's, or nfeProc's first. */
  nfeEnd?: number;
}
let nonAsciiName = false;
const MAX_PLAIN_NAME = 1000;
export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
export const DSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
/** A character other than XML's four spaces (trim() also takes U+00A0, U+2028…, which are text to XML). */
const NOT_XML_SPACE = /[^ \t\n\r]/;
const malformed = (xml: string, at: number, what: string) => {
  let line = 1;
  for (let i = xml.indexOf('\n'); i >= 0 && i < at; i = xml.indexOf('\n', i + 1)) line++;
  return new XmlBodyError(`O corpo não é um XML bem formado: ${what} (linha ${line}).`);
};

/**
 * Scans a name from `from` and returns where it ends. Name characters of XML 1.0, simplified: ASCII letters, digits,
 * _ - . : and everything from U+00B7 up (libxml2 parses the same bytes and refuses the rest); no digit, - or . first.
 */
function nameEnd(xml: string, from: number): number {
  let i = from;
  for (;;) {
    const c = xml.charCodeAt(i);
    const ok =
      (c >= 97 && c <= 122) ||
      (c >= 65 && c <= 90) ||
      c === 95 ||
      c === 58 ||
      c >= 0xb7 ||
      (i > from && ((c >= 48 && c <= 57) || c === 45 || c === 46));
    if (!ok) return i;
    if (c >= 0x80) nonAsciiName = true;
    i++;
  }
}

// Local names by qualified name, as internalized strings: the rules compare names thousands of times per document,
// and two internalized strings compare by identity where two slices of the body compare character by character.
const localNames = new Map<string, string>();
function localName(qname: string): string {
  let name = localNames.get(qname);
  if (name === undefined) {
    const local = qname.slice(qname.indexOf(':') + 1);
    name = Object.keys({ [local]: 0 })[0]!; // a property key is internalized
    if (localNames.size < 10_000 && qname.length <= 64) localNames.set(qname, name);
  }
  return name;
}

// Most elements have no attribute: they share one frozen empty object (a quarter fewer young objects per body, so
// fewer scavenges under the requests). Editing a parsed tree's attributes in place fails loudly, never shared.
export const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});

/**
 * A node of the tree, built by `new` rather than as a literal: V8 tracks literals by allocation site and, once a few
 * trees had survived a scavenge (a request's tree lives through its rules and schema check), allocated every later
 * tree in the old generation — scavenges of 7 ms and a full collection every forty requests (decision 077). Other
 * sites could still tip it now and then: the server also runs with --no-allocation-site-pretenuring.
 */
class TreeNode implements XNode {
  text = '';
  constructor(
    public name: string,
    public attrs: Record<string, string>,
    public children: XNode[],
  ) {}
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** The five predefined entities and character references; any other is an error (there is no DTD). */
function decodeRefs(xml: string, s: string, at: number): string {
  return s.replace(/&([^;&]{0,10});|&/g, (ref: string, body: string | undefined) => {
    if (body !== undefined) {
      const named = PREDEFINED[body];
      if (named) return named;
      const code = /^#x[0-9a-fA-F]{1,6}$/.test(body)
        ? Number.parseInt(body.slice(2), 16)
        : /^#[0-9]{1,7}$/.test(body)
          ? Number(body.slice(1))
          : -1;
      if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    }
    throw malformed(xml, at, `referência ${ref.slice(0, 12)} inválida`);
  });
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;
/** Line ends as XML reads them (CR LF and lone CR become LF), before any reference is decoded. */
const lineEnds = (s: string) => (s.includes('\r') ? s.replace(/\r\n?/g, '\n') : s);

/**
 * Parses an NF-e XML into the plain tree the rule book reads, in one pass over the string with indexOf: two to four
 * times faster than saxes on a 50-item NF-e, with far fewer short-lived objects, which matters because
 * POST /nfe/validate parses each body twice (here, and libxml2 for the schema). No DTD is read and no entity expanded: a DOCTYPE refuses the body,
 * so XXE and entity bombs cannot happen; only the predefined entities and character references are decoded.
 * Well-formedness is checked as far as the tree depends on it (tags closed in order, one root, names, quoted and
 * unique attributes, known references); libxml2 parses the same bytes for the schema and refuses anything else.
 * Namespace prefixes are dropped from names; attributes are kept as written. A leaf's text is trimmed, CDATA included.
 */
export function parseXmlTree(xml: string, facts: TreeFacts = { plain: true, nfe: 0 }): XNode {
  nonAsciiName = false;
  let plain = true;
  let nfe = 0;
  /** A CDATA section in the text being read (since the last tag). */
  let cdata = false;
  let untrimmed: Map<XNode, string> | undefined;
  let nfeEnd = -1;
  const stack: XNode[] = [];
  const open: string[] = [];
  let root: XNode | undefined;
  let text = '';
  const start = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  let pos = start;
  const n = xml.length;
  while (pos < n) {
    const lt = xml.indexOf('<', pos);
    const end = lt < 0 ? n : lt;
    if (end > pos) {
      const chunk = xml.slice(pos, end);
      if (stack.length === 0) {
        if (NOT_XML_SPACE.test(chunk)) throw malformed(xml, pos, 'texto fora do elemento raiz');
      } else {
        text += chunk.includes('&') ? decodeRefs(xml, lineEnds(chunk), pos) : lineEnds(chunk);
        // "]]>" in character data is an error to libxml2 (XML 1.0 §2.4), not to this reader.
        if (plain && chunk.includes(']]>')) plain = false;
      }
    }
    if (lt < 0) break;
    const c = xml.charCodeAt(lt + 1);
    if (c === 63 /* ? */) {
      const close = xml.indexOf('?>', lt + 2);
      if (close < 0) throw malformed(xml, lt, 'instrução <? sem fim');
      if (xml.startsWith('<?xml', lt) && isSpace(xml.charCodeAt(lt + 5))) {
        if (lt !== start) throw malformed(xml, lt, 'declaração <?xml fora do início');
        const encoding = /encoding\s*=\s*["']([^"']*)["']/.exec(xml.slice(lt, close))?.[1];
        if (encoding && !/^utf-?8$/i.test(encoding))
          throw new XmlBodyError(`Codificação ${encoding} não aceita: o XML da NF-e deve estar em UTF-8.`);
      } else plain = false;
      pos = close + 2;
      continue;
    }
    if (c === 33 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        plain = false;
        const close = xml.indexOf('-->', lt + 4);
        if (close < 0) throw malformed(xml, lt, 'comentário sem fim');
        pos = close + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        if (stack.length === 0) throw malformed(xml, lt, 'CDATA fora do elemento raiz');
        const close = xml.indexOf(']]>', lt + 9);
        if (close < 0) throw malformed(xml, lt, 'CDATA sem fim');
        text += lineEnds(xml.slice(lt + 9, close));
        // A CDATA section is plain only as (part of) a leaf's text; between elements, or empty, libxml2 may see it
        // as content where the schema admits none.
        if (close === lt + 9) plain = false;
        cdata = true;
        pos = close + 3;
      } else if (/^<!DOCTYPE/i.test(xml.slice(lt, lt + 9))) {
        throw new XmlBodyError('O XML declara um DOCTYPE (DTD/entidades), o que não é aceito em NF-e.');
      } else throw malformed(xml, lt, 'declaração <! desconhecida');
      continue;
    }
    if (c === 47 /* / */) {
      const expected = open.pop();
      let close = expected !== undefined && xml.startsWith(expected, lt + 2) ? lt + 2 + expected.length : -1;
      while (close > 0 && isSpace(xml.charCodeAt(close))) close++;
      if (close < 0 || xml.charCodeAt(close) !== 62) {
        const name = xml.slice(lt + 2, nameEnd(xml, lt + 2));
        throw malformed(xml, lt, expected ? `<${expected}> fechado por </${name}>` : `</${name}> sem abertura`);
      }
      const node = stack.pop()!;
      // The NFe libxml2 is given: the root, or nfeProc's first NFe child (its placeholder signature goes here).
      if (node.name === 'NFe' && nfeEnd < 0 && stack.length <= 1) nfeEnd = lt;
      if (node.children.length === 0) {
        node.text = text.trim();
        if (node.text.length !== text.length) {
          untrimmed ??= new Map();
          untrimmed.set(node, text);
        }
      } else if (cdata || (plain && text !== '' && NOT_XML_SPACE.test(text))) plain = false;
      text = '';
      cdata = false;
      pos = close + 1;
      continue;
    }
    // Start tag: name, attributes, then > or />.
    let i = nameEnd(xml, lt + 1);
    const qname = xml.slice(lt + 1, i);
    if (qname === '') throw malformed(xml, lt, 'tag sem nome');
    // libxml2 refuses names over 50,000 characters (XML_MAX_NAME_LENGTH); no NF-e name comes near this bound.
    if (qname.length > MAX_PLAIN_NAME) plain = false;
    let attrs = NO_ATTRIBUTES;
    let selfClosing = false;
    for (;;) {
      while (i < n && isSpace(xml.charCodeAt(i))) i++;
      const d = xml.charCodeAt(i);
      if (d === 62) {
        i++;
        break;
      }
      if (d === 47 && xml.charCodeAt(i + 1) === 62) {
        selfClosing = true;
        i += 2;
        break;
      }
      const nameAt = i;
      i = nameEnd(xml, i);
      if (i === nameAt || !isSpace(xml.charCodeAt(nameAt - 1))) throw malformed(xml, lt, `tag <${qname}> mal formada`);
      const name = xml.slice(nameAt, i);
      while (i < n && isSpace(xml.charCodeAt(i))) i++;
      if (xml.charCodeAt(i) !== 61 /* = */) throw malformed(xml, lt, `atributo ${name} sem valor em <${qname}>`);
      let q = i + 1;
      while (q < n && isSpace(xml.charCodeAt(q))) q++;
      const quote = xml[q];
      if (quote !== '"' && quote !== "'") throw malformed(xml, lt, `atributo ${name} sem aspas em <${qname}>`);
      const close = xml.indexOf(quote, q + 1);
      if (close < 0) throw malformed(xml, lt, `atributo ${name} sem fim em <${qname}>`);
      let value = xml.slice(q + 1, close);
      if (value.includes('<')) throw malformed(xml, lt, `< no atributo ${name} de <${qname}>`);
      // Written tabs and line ends become spaces; the ones written as references stay (XML 1.0 §3.3.3).
      if (/[\t\n\r]/.test(value)) {
        value = value.replace(/\r\n|[\t\n\r]/g, ' ');
        plain = false;
      }
      if (name.includes(':') || name === '__proto__' || name.length > MAX_PLAIN_NAME) plain = false;
      // libxml2's parser refuses some namespace names ("a b", "http://[", the xml one) anywhere in the document, also
      // outside the NFe the schema checks: only the NF-e's and the signature's own are plain.
      else if (name === 'xmlns' && value !== NFE_NAMESPACE && value !== DSIG_NAMESPACE) plain = false;
      if (value.includes('&')) value = decodeRefs(xml, value, lt);
      if (attrs === NO_ATTRIBUTES) attrs = {};
      if (Object.hasOwn(attrs, name)) throw malformed(xml, lt, `atributo ${name} repetido em <${qname}>`);
      attrs[name] = value;
      i = close + 1;
    }
    if (stack.length === 0 && root) throw malformed(xml, lt, 'mais de um elemento raiz');
    if (stack.length >= MAX_DEPTH) throw new XmlBodyError('O XML tem elementos aninhados demais.');
    const node: XNode = new TreeNode(localName(qname), attrs, [] as XNode[]);
    if (node.name.length !== qname.length) plain = false;
    else if (node.name === 'NFe') nfe++;
    const parent = stack[stack.length - 1];
    if (cdata || (plain && text !== '' && parent && NOT_XML_SPACE.test(text))) plain = false;
    cdata = false;
    if (parent) parent.children.push(node);
    else root = node;
    text = '';
    if (!selfClosing) {
      stack.push(node);
      open.push(qname);
    }
    pos = i;
  }
  if (stack.length > 0) throw malformed(xml, n, `<${open[open.length - 1]}> não foi fechado`);
  if (!root) throw new XmlBodyError('O corpo está vazio: envie o XML da NF-e.');
  facts.plain = plain && !nonAsciiName;
  facts.nfe = nfe;
  facts.untrimmed = untrimmed;
  facts.nfeEnd = nfeEnd;
  return root;
}
