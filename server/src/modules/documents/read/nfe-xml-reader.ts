import { internName, validateNfeRules, type XNode } from '@app/tax-engine';
import { SaxesParser } from 'saxes';
import {
  type DocumentItem,
  FileRefusal,
  type FiscalDocument,
  type NfeRejection,
  type ReadEvent,
} from './document-model.js';
import {
  DEFAULT_READ_LIMITS,
  formatCount,
  NFE_TAG_MAX_CHARS,
  type ReadLimits,
  tagMaxChars,
} from './nfe-layout-limits.js';
import { describeXmlError } from './xml-messages.js';

/** Nesting of an NF-e is about 8 levels. */
const MAX_DEPTH = 40;

/** What saxes holds between two events (a text, a comment, a tag's name or attribute): read to bound it mid-run. */
type SaxesBuffers = { text?: string; name?: string };

class XmlRefusal extends FileRefusal {}

function emptyDocument(fileName: string, line: number): FiscalDocument {
  return {
    source: 'xml',
    fileName,
    line,
    chave: null,
    key: '',
    model: '55',
    number: '',
    issuedOn: null,
    issuerCnpj: null,
    recipientDoc: null,
    ufOrigin: null,
    ufDestination: null,
    ide: {},
    protocolStatus: null,
    total: null,
    items: [],
  };
}

/**
 * Issue 36/37, decision 060: each NF-e goes through the rule book while it is read — the tree is built from the same
 * parser events (no second parse, no XML text kept) and checked in the reading thread, under the rules of its own
 * date. Rules only (the XSD check costs more than the whole import per document); no official tables here (the rules
 * that need them — NCM, CST/cClassTrib of IBS/CBS — are the audit's own kinds). Reception-time alerts are dropped:
 * archived documents are old by nature. `limits.auditRules` (DOCUMENTS_AUDIT_RULES=0, config.ts) turns it off.
 */

function rejectionsOf(tree: XNode): NfeRejection[] {
  try {
    return validateNfeRules(tree, { tabelas: null }).rejeicoes.map((r) => ({
      code: r.codigo,
      rule: r.regra,
      field: r.campo,
      nItem: r.nItem,
      expected: r.esperado,
      found: r.encontrado,
    }));
  } catch {
    return []; // not an NF-e tree (no infNFe): the reader's own checks speak for it
  }
}

const TAX_GROUPS = new Set(['ICMS', 'IPI', 'PIS', 'COFINS', 'IBSCBS', 'ICMSUFDest', 'II', 'IS']);

/**
 * Reads NF-e/NFC-e XML (nfeProc with protNFe, a bare NFe, or several NFe in one file) as a stream with saxes:
 * no DTD is read and no entity expanded — a DOCTYPE refuses the file, so XXE and entity bombs cannot happen —
 * and the document is built from the tags the audit needs while the bytes arrive (nothing holds the file).
 * NF-e files are UTF-8 (MOC 4.00 §3.2): any other declared encoding, or bytes that are not UTF-8, refuse the file
 * with its line. A malformed file is one problem; the documents completed before the fault are kept.
 */
export async function* readNfeXml(
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): AsyncGenerator<ReadEvent> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const ready: ReadEvent[] = [];
  const stack: string[] = [];
  let doc: FiscalDocument | null = null;
  let item: DocumentItem | null = null;
  let taxGroup: string | null = null;
  let text = '';
  let inProc = false;
  let sawRoot = false;
  /** Why the document being read is refused (a field past the layout, too many items): it is then only skipped. */
  let refusal: string | null = null;
  /** The NF-e being read as a plain element tree, for the rule book (null when off or outside an NFe). */
  const nodes: XNode[] = [];
  let tree: XNode | null = null;

  parser.on('doctype', () => {
    throw new XmlRefusal('O XML declara um DOCTYPE (DTD/entidades), o que não é aceito em NF-e.');
  });
  parser.on('xmldecl', (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding))
      throw new XmlRefusal(`Codificação ${decl.encoding} não aceita: o XML da NF-e deve estar em UTF-8.`);
  });
  parser.on('opentag', (tag) => {
    // Internalized once (xml-node.ts): the comparisons and set lookups below, and the rule book's, then go by identity.
    const name = internName(localName(tag.name));
    if (stack.length >= MAX_DEPTH) throw new XmlRefusal('O XML tem elementos aninhados demais.');
    if (!sawRoot) {
      sawRoot = true;
      if (!['nfeProc', 'NFe', 'enviNFe', 'nfeProcNFe'].includes(name))
        throw new XmlRefusal(`O XML não é uma NF-e (elemento raiz <${name}>).`);
    }
    const parent = stack[stack.length - 1];
    stack.push(name);
    text = '';
    if (name === 'nfeProc') inProc = true;
    else if (name === 'NFe') {
      doc = emptyDocument(fileName, parser.line);
      refusal = null;
      nodes.length = 0;
      tree = null;
    } else if (name === 'infNFe' && doc) {
      const id = String(tag.attributes.Id ?? '');
      doc.chave = id.startsWith('NFe') ? id.slice(3) : id || null;
    } else if (name === 'det' && doc) {
      // Item 991 refuses the document: its items are no longer kept, however many follow (memory stays bounded).
      if (!refusal && doc.items.length >= limits.maxItems)
        refusal = `mais de ${formatCount(limits.maxItems)} itens (det); o leiaute da NF-e permite no máximo ${formatCount(limits.maxItems)}.`;
      item = refusal ? null : { nItem: Number(tag.attributes.nItem ?? doc.items.length + 1), prod: {}, taxes: {} };
    } else if (parent === 'imposto' && TAX_GROUPS.has(name)) taxGroup = name;
    if (limits.auditRules && doc && !refusal) {
      const node: XNode = { name, attrs: tag.attributes as Record<string, string>, children: [], text: '' };
      const up = nodes[nodes.length - 1];
      if (up) up.children.push(node);
      else if (name === 'NFe') tree = node;
      if (up || name === 'NFe') nodes.push(node);
    }
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', () => {
    // saxes refuses a close tag that does not match its open tag: the name is the one pushed (internalized) there.
    const name = stack.pop() ?? '';
    const value = text.trim();
    text = '';
    const parent = stack[stack.length - 1];
    const node = nodes[nodes.length - 1]?.name === name ? nodes.pop() : undefined;
    if (node && node.children.length === 0) node.text = value;
    const max = tagMaxChars(name, limits);
    if (doc && !refusal && value.length > max)
      refusal = `o campo ${name}${item ? ` do item ${item.nItem}` : ''} tem ${formatCount(value.length)} caracteres; o leiaute da NF-e permite no máximo ${formatCount(max)}.`;
    if (doc && value && !refusal) takeValue(doc, item, taxGroup, stack, parent, name, value);
    if (name === 'det' && doc && item) {
      doc.items.push(item);
      item = null;
    } else if (TAX_GROUPS.has(name) && parent === 'imposto') taxGroup = null;
    else if (name === 'NFe' && doc && !inProc) {
      ready.push(complete(doc));
      doc = null;
    } else if (name === 'nfeProc') {
      if (doc) ready.push(complete(doc));
      doc = null;
      inProc = false;
    }
  });

  // A refused document is a problem with its reason; nothing of it is imported.
  const complete = (d: FiscalDocument): ReadEvent => {
    if (!refusal) {
      if (tree && limits.auditRules) d.rejections = rejectionsOf(tree);
      tree = null;
      nodes.length = 0;
      return { document: finish(d) };
    }
    tree = null;
    nodes.length = 0;
    const what = d.chave ? `NF-e ${d.chave}` : 'NF-e';
    const message = `${what} recusada: ${refusal}`;
    refusal = null;
    return { problem: { fileName, line: d.line, message } };
  };
  // saxes keeps a text (or a comment, a name, an attribute) whole until it ends: bounded after every chunk, so a
  // text of hundreds of MB never gets into memory. Its tag is named; past this point the file cannot be read.
  const buffers = parser as unknown as SaxesBuffers;
  const checkBuffered = () => {
    const held = (buffers.text?.length ?? 0) + (buffers.name?.length ?? 0) + text.length;
    if (held <= limits.maxTextChars) return;
    const tag = stack[stack.length - 1] ?? '';
    const bound = formatCount(limits.maxTextChars);
    throw new XmlRefusal(
      NFE_TAG_MAX_CHARS[tag]
        ? `O campo ${tag} passa de ${bound} caracteres; o leiaute da NF-e permite no máximo ${formatCount(tagMaxChars(tag, limits))}: o restante do arquivo não foi lido.`
        : `Um texto${tag ? ` dentro de <${tag}>` : ''} passa de ${bound} caracteres, mais do que qualquer campo da NF-e: o restante do arquivo não foi lido.`,
    );
  };
  const fail = (err: unknown): ReadEvent => {
    const line = parser.line || 1;
    if (err instanceof FileRefusal) return { problem: { fileName, line, message: err.message } };
    if (err instanceof TypeError)
      return { problem: { fileName, line, message: 'O arquivo não está em UTF-8 (codificação inválida para NF-e).' } };
    // zlib's own errors (Z_DATA_ERROR…) while a ZIP entry inflates: English, and about the ZIP, not the XML.
    if (/^Z_/.test(String((err as { code?: unknown }).code ?? '')))
      return {
        problem: {
          fileName,
          line: null,
          message: 'O arquivo compactado está corrompido: não foi possível descompactá-lo.',
        },
      };
    // saxes' English ("12:7: unexpected close tag.") in Portuguese, with line and column (xml-messages.ts).
    const described = describeXmlError(String((err as Error)?.message ?? ''), line);
    return { problem: { fileName, line: described.line, message: described.message } };
  };
  try {
    for await (const chunk of chunks) {
      parser.write(decoder.decode(chunk, { stream: true }));
      checkBuffered();
      yield* ready.splice(0);
    }
    parser.write(decoder.decode());
    parser.close();
    if (!sawRoot) throw new XmlRefusal('O arquivo XML está vazio.');
  } catch (err) {
    yield* ready.splice(0);
    yield fail(err);
    return;
  }
  yield* ready.splice(0);
}

const TAX_TOTALS = new Set(['vIBS', 'vCBS', 'vIBSMono', 'vCBSMono', 'vIS']);

function takeValue(
  doc: FiscalDocument,
  item: DocumentItem | null,
  taxGroup: string | null,
  stack: string[],
  parent: string | undefined,
  name: string,
  value: string,
) {
  if (item) {
    if (parent === 'prod') item.prod[name] = value;
    else if (taxGroup && !item.taxes[`${taxGroup}.${name}`]) item.taxes[`${taxGroup}.${name}`] = value;
    return;
  }
  switch (parent) {
    case 'ide':
      doc.ide[name] = value;
      if (name === 'mod') doc.model = value;
      else if (name === 'nNF') doc.number = value;
      else if (name === 'dhEmi' || name === 'dEmi') doc.issuedOn = value.slice(0, 10);
      return;
    case 'emit':
      if (name === 'CNPJ' || name === 'CPF') doc.issuerCnpj = value;
      else if (name === 'CRT') doc.ide.CRT = value;
      return;
    case 'enderEmit':
      if (name === 'UF') doc.ufOrigin = value;
      return;
    case 'dest':
      if (name === 'CNPJ' || name === 'CPF' || name === 'idEstrangeiro') doc.recipientDoc = value;
      else if (name === 'indIEDest') doc.ide.indIEDest = value;
      return;
    case 'enderDest':
      if (name === 'UF') doc.ufDestination = value;
      return;
    case 'ICMSTot':
      if (name === 'vNF') doc.total = value;
      return;
    // What prodFormOf reads to tell a 2027 vProd with or without the IBS/CBS/IS (decision 075).
    case 'total':
      if (name === 'vNFTot') doc.taxTotals = { ...doc.taxTotals, vNFTot: value };
      return;
    case 'gIBS':
    case 'gCBS':
    case 'gMono':
    case 'ISTot':
      if (TAX_TOTALS.has(name) && stack.includes('total')) doc.taxTotals = { ...doc.taxTotals, [name]: value };
      return;
    case 'infProt':
      if (name === 'cStat' && stack.includes('protNFe')) doc.protocolStatus = value;
      return;
  }
}

function finish(doc: FiscalDocument): FiscalDocument {
  doc.key = doc.chave ?? '';
  // NFC-e and sales to consumers without an address: the operation is inside the issuer's state.
  doc.ufDestination ??= doc.ufOrigin;
  return doc;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}
