import { AppError } from '../../../lib/app-error.js';
import { ImportTextDecoder } from '../../products/import/decode-text.js';
import type { CatalogueEntry, DocumentItem, FiscalDocument, ReadEvent } from './document-model.js';
import { DEFAULT_READ_LIMITS, formatCount } from './nfe-layout-limits.js';
import { ufByIbgeCode } from './uf-by-ibge.js';

/** EFD lines are a few hundred characters; a longer run without a line break is not an EFD. */
const MAX_LINE = 64 * 1024;

const ufByIbge = ufByIbgeCode;

/** EFD decimals use a comma and no thousands separator ("1234,56"). */
const decimal = (v: string | undefined) => (v ? v.replace(',', '.') : '');
/** DDMMAAAA → AAAA-MM-DD */
const isoDate = (v: string | undefined) =>
  v && /^\d{8}$/.test(v) ? `${v.slice(4)}-${v.slice(2, 4)}-${v.slice(0, 2)}` : null;

interface ProductLine {
  description: string;
  gtin: string;
  ncm: string;
  cest: string;
  /** TIPO_ITEM (Guia Prático, 0200 campo 07): 09 is a service. */
  type: string;
}

/** 0200 items sent to the catalogue per event (the thread's messages stay small). */
const CATALOGUE_CHUNK = 1000;

/**
 * Reads a SPED EFD ICMS/IPI file line by line (Guia Prático da EFD ICMS/IPI, layout of registers 0000, 0150,
 * 0200, C100, C170): Latin-1 (Windows-1252, as the PVA writes it) or UTF-8, told by the bytes. Each C100 with its
 * C170 lines becomes one document; the items take description, GTIN, NCM and CEST from their 0200 (keyed by
 * COD_ITEM). A line that does not read is reported with its number and, when it is part of a document, that
 * document is left out whole; the rest of the file goes on.
 */
export async function* readEfd(
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  ownerCnpj: string,
  /** C170 lines of one C100: an NF-e has at most 990 items (MOC 4.00), and so has its bookkeeping (decision 056). */
  maxItems = DEFAULT_READ_LIMITS.maxItems,
): AsyncGenerator<ReadEvent> {
  const decoder = new ImportTextDecoder();
  const participants = new Map<string, { doc: string; uf: string | null }>();
  const products = new Map<string, ProductLine>();
  let own: { cnpj: string; uf: string } | null = null;
  let doc: FiscalDocument | null = null;
  let broken = false;
  let lineNo = 0;
  let documents = 0;
  let rest = '';
  const out: ReadEvent[] = [];
  const problem = (line: number | null, message: string) => out.push({ problem: { fileName, line, message } });

  const flush = () => {
    if (doc && !broken) out.push({ document: doc });
    doc = null;
    broken = false;
  };

  const handle = (raw: string): boolean => {
    lineNo++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') return true;
    if (!/^\|[0-9A-Z]{4}\|/.test(line) || !line.endsWith('|')) {
      problem(lineNo, 'Linha fora do layout da EFD (registros começam e terminam com "|").');
      if (doc) broken = true;
      return true;
    }
    const f = line.split('|');
    const reg = f[1]!;
    if (reg === '0000') {
      own = { cnpj: f[7] ?? '', uf: f[9] ?? '' };
      if (own.cnpj !== ownerCnpj) {
        problem(
          lineNo,
          `O arquivo EFD é do CNPJ ${own.cnpj || '(vazio)'}, não da empresa: nenhum documento importado.`,
        );
        return false;
      }
      return true;
    }
    if (!own) {
      problem(lineNo, 'O arquivo não começa pelo registro 0000 da EFD ICMS/IPI.');
      return false;
    }
    if (reg === '0150') {
      participants.set(f[2] ?? '', { doc: f[5] || f[6] || '', uf: ufByIbge.get((f[8] ?? '').slice(0, 2)) ?? null });
    } else if (reg === '0200') {
      if (f.length < 14) return badLine('0200');
      products.set(f[2]!, { description: f[3]!, gtin: f[4]!, ncm: f[8]!, cest: f[13]!, type: f[7]! });
    } else if (reg === 'C100') {
      flush();
      documents++;
      if (f.length < 30) return badLine('C100');
      doc = startDocument(f, own, participants, fileName, lineNo);
      // Cancelled, denied and unused numbers (COD_SIT 02, 03, 04, 05) carry no operation.
      if (['02', '03', '04', '05'].includes(f[6] ?? '')) doc = null;
    } else if (reg === 'C170') {
      if (!doc) return true;
      if (f.length < 38) return badLine('C170');
      const items = (doc as FiscalDocument).items;
      if (items.length >= maxItems) {
        // Past the limit the document is left out and its further lines are not kept (memory stays bounded).
        if (!broken)
          problem(
            lineNo,
            `Documento nº ${(doc as FiscalDocument).number} com mais de ${formatCount(maxItems)} itens (C170): não importado.`,
          );
        broken = true;
        return true;
      }
      items.push(toItem(f, products.get(f[3]!)));
    } else if (reg === 'H010') {
      flush();
      // Inventory lines point to 0200 (Guia Prático, H010 campo 02): an item without its 0200 cannot be catalogued.
      if (f[2] && !products.has(f[2]))
        problem(lineNo, `Registro H010 com o item ${f[2].slice(0, 60)} sem o seu registro 0200: item não incluído.`);
    } else if (!(reg.startsWith('C1') && reg !== 'C100')) flush();
    return true;
  };
  const badLine = (reg: string) => {
    problem(lineNo, `Registro ${reg} com campos a menos que o leiaute da EFD.`);
    if (doc) broken = true;
    return true;
  };

  try {
    let going = true;
    for await (const chunk of chunks) {
      const text = rest + decoder.decode(chunk);
      const lines = text.split('\n');
      rest = lines.pop()!;
      if (rest.length > MAX_LINE) {
        problem(lineNo + 1, 'Linha longa demais: o arquivo não é uma EFD.');
        going = false;
      }
      for (const l of lines) if (going && !handle(l)) going = false;
      yield* out.splice(0);
      if (!going) return;
    }
    const last = rest + decoder.end();
    if (last && !handle(last)) return;
    flush();
    if (lineNo === 0) problem(null, 'O arquivo EFD está vazio.');
    else yield* catalogueOf(fileName, products, documents, out);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    problem(lineNo + 1, efdDecodingAdvice(err.code));
  }
  yield* out.splice(0);
}

/**
 * The decoder is the product import's, whose messages advise a spreadsheet: an EFD gets advice for an EFD. The
 * line is the first of the chunk the decoder refused (it reads 256 KB at a time).
 */
function efdDecodingAdvice(code: string): string {
  if (code === 'IMPORT_BINARY')
    return 'O arquivo EFD contém caracteres de controle (arquivo binário ou corrompido) a partir desta linha: gere o arquivo de novo no PVA da EFD ICMS/IPI ou no sistema que o escreveu, sem editá-lo em outro programa.';
  return 'Codificação do arquivo EFD não suportada: a EFD ICMS/IPI deve estar em Latin-1 (ISO-8859-1, como o PVA a gera) ou em UTF-8.';
}

/**
 * Register 0200's items in chunks (services, TIPO_ITEM 09, are not goods and stay out), then the file's C100 count.
 * Problems waiting in `out` go first, so their order is the file's.
 */
function* catalogueOf(
  fileName: string,
  products: Map<string, ProductLine>,
  documentsInFile: number,
  out: ReadEvent[],
): Generator<ReadEvent> {
  yield* out.splice(0);
  let items: CatalogueEntry[] = [];
  for (const [code, p] of products) {
    if (p.type === '09' || !code) continue;
    items.push({ code, description: p.description, gtin: p.gtin, ncm: p.ncm, cest: p.cest });
    if (items.length === CATALOGUE_CHUNK) {
      yield { catalogue: { fileName, items } };
      items = [];
    }
  }
  yield { catalogue: { fileName, items, documentsInFile } };
}

function startDocument(
  f: string[],
  own: { cnpj: string; uf: string },
  participants: Map<string, { doc: string; uf: string | null }>,
  fileName: string,
  line: number,
): FiscalDocument {
  const isSale = f[2] === '1';
  const ownIssue = f[3] === '0';
  const part = participants.get(f[4] ?? '') ?? { doc: '', uf: null };
  const chave = f[9] || null;
  return {
    source: 'efd',
    fileName,
    line,
    chave,
    key: chave ?? `efd:${f[5]}:${f[7]}:${f[8]}:${part.doc || f[4]}`,
    model: f[5] ?? '',
    number: f[8] ?? '',
    issuedOn: isoDate(f[10]),
    issuerCnpj: ownIssue ? own.cnpj : part.doc,
    recipientDoc: ownIssue ? part.doc : own.cnpj,
    ufOrigin: isSale ? own.uf : (part.uf ?? own.uf),
    ufDestination: isSale ? (part.uf ?? own.uf) : own.uf,
    ide: { tpNF: isSale ? '1' : '0' },
    protocolStatus: null,
    efdDirection: isSale ? 'sale' : 'purchase',
    total: decimal(f[12]) || null,
    items: [],
  };
}

/** C170 fields by position (Guia Prático, registro C170: 02 NUM_ITEM … 36 VL_COFINS). */
function toItem(f: string[], product: ProductLine | undefined): DocumentItem {
  const cst = f[10] ?? '';
  const prod: Record<string, string> = { cProd: f[3]!, xProd: product?.description || f[4] || f[3]! };
  const put = (target: Record<string, string>, key: string, value: string | undefined) => {
    if (value) target[key] = value;
  };
  put(prod, 'cEAN', product?.gtin);
  put(prod, 'NCM', product?.ncm);
  put(prod, 'CEST', product?.cest);
  put(prod, 'CFOP', f[11]);
  put(prod, 'vProd', decimal(f[7]));
  put(prod, 'vDesc', decimal(f[8]));
  const taxes: Record<string, string> = {};
  // CST_ICMS is the origin digit followed by the CST (Tabela B) or, for Simples Nacional, the CSOSN.
  if (cst.length === 3) put(taxes, 'ICMS.CST', cst.slice(1));
  else if (cst.length === 4) put(taxes, 'ICMS.CSOSN', cst.slice(1));
  put(taxes, 'ICMS.orig', cst.slice(0, 1));
  put(taxes, 'ICMS.vBC', decimal(f[13]));
  put(taxes, 'ICMS.pICMS', decimal(f[14]));
  put(taxes, 'ICMS.vICMS', decimal(f[15]));
  put(taxes, 'ICMS.vBCST', decimal(f[16]));
  put(taxes, 'ICMS.pICMSST', decimal(f[17]));
  put(taxes, 'ICMS.vICMSST', decimal(f[18]));
  put(taxes, 'IPI.CST', f[20]);
  put(taxes, 'IPI.pIPI', decimal(f[23]));
  put(taxes, 'IPI.vIPI', decimal(f[24]));
  put(taxes, 'PIS.CST', f[25]);
  put(taxes, 'PIS.pPIS', decimal(f[27]));
  put(taxes, 'PIS.vPIS', decimal(f[30]));
  put(taxes, 'COFINS.CST', f[31]);
  put(taxes, 'COFINS.pCOFINS', decimal(f[33]));
  put(taxes, 'COFINS.vCOFINS', decimal(f[36]));
  return { nItem: Number(f[2]) || 0, prod, taxes };
}
