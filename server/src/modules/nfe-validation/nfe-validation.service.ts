import type { TNfeFinding, TNfeValidationResponse } from '@app/contract';
import { type NfeTables, validateNfeRules } from '@app/tax-engine';
import { AppError } from '../../lib/app-error.js';
import { readNfeBody } from './nfe-body.js';
import {
  placeholderSignature,
  type SchemaError,
  type SchemaPackage,
  schemaPackageOn,
  schemaPackages,
} from './nfe-schema.js';
import { nfeSchemaCheck } from './nfe-schema-check.js';
import type { TreeFacts } from './nfe-xml-scan.js';
import { namedPath } from './nfe-xml-tree.js';
import { treeDoubt } from './xsd-fast/fast-check.js';

const SCHEMA_SOURCE = {
  documento: 'MOC 7.0 Anexo I',
  versao: '7.00',
  secao: 'Validação da área de dados (D01): schema XML do pacote de liberação',
  url: 'https://www.nfe.fazenda.gov.br/portal/listaConteudo.aspx?tipoConteudo=ndIjl+iEFdE=',
};

/** A body of thousands of broken values would answer thousands of rows: the first 200 say enough to fix it. */
const MAX_SCHEMA_FINDINGS = 200;

const invalid = (detail: string) => new AppError('NFE_XML_INVALID', detail);

const signatureBytes = Buffer.from(placeholderSignature);
const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Where the last end tag of NFe starts ("</NFe>", or "</NFe >" with whitespace before its ">", which XML allows), or
 * -1: an unsigned document's placeholder signature goes right before it.
 */
export function nfeEndTag(bytes: Buffer): number {
  for (let at = bytes.lastIndexOf('</NFe'); at >= 0; at = at > 0 ? bytes.lastIndexOf('</NFe', at - 1) : -1) {
    let i = at + 5;
    while (isSpace(bytes[i])) i++;
    if (bytes[i] === 0x3e /* > */) return at;
  }
  return -1;
}

/**
 * Where an unsigned document's placeholder signature goes in its bytes: right before NFe's end tag where the tree read
 * it (not a text search: "</NFe>" may also sit in a CDATA or a comment after it); -1 when signed.
 */
export function spliceAt(xml: string, facts: TreeFacts, signed: boolean): number {
  const at = facts.nfeEnd ?? -1;
  return signed || at < 0 ? -1 : Buffer.byteLength(xml.slice(0, at), 'utf8');
}

/**
 * The bytes libxml2 checks, in memory of their own (they move to the schema thread): the body's, with the placeholder
 * signature spliced in at `end` (NFe's end tag) when the document comes unsigned (schema check only).
 */
export function schemaBytes(bytes: Buffer, end: number): Uint8Array {
  if (end < 0) return new Uint8Array(bytes);
  const out = new Uint8Array(bytes.length + signatureBytes.length);
  out.set(bytes.subarray(0, end));
  out.set(signatureBytes, end);
  out.set(bytes.subarray(end), end + signatureBytes.length);
  return out;
}

interface SchemaInput {
  pkg: SchemaPackage;
  signed: boolean;
  /** The byte offset of the placeholder signature (spliceAt), -1 when signed. */
  end: number;
}

const checkSchema = (bytes: Buffer, input: SchemaInput, signal?: AbortSignal) =>
  nfeSchemaCheck.check(schemaBytes(bytes, input.end), input.pkg, MAX_SCHEMA_FINDINGS, signal);

/**
 * What the schema check needs, guessed from the bytes before the tree is read so that the thread starts at once
 * (decision 073): the package of the date (?data=, or dhEmi's day) and whether NFe ends with its Signature. The rule
 * book's reading decides; a wrong guess (a prefixed dhEmi, a comment after the signature…) only sends the check again.
 */
function guessSchemaInput(bytes: Buffer, data: string | undefined): SchemaInput {
  let date = data;
  if (!date) {
    const at = bytes.indexOf('<dhEmi>');
    date = at < 0 ? '' : bytes.toString('latin1', at + 7, at + 17);
  }
  const end = nfeEndTag(bytes);
  let last = end - 1;
  while (last > 0 && isSpace(bytes[last])) last--;
  const tail = bytes.toString('latin1', Math.max(0, last - 11), last + 1);
  const signed = end > 0 && /Signature\/?>$/.test(tail);
  return { pkg: schemaPackageOn(date), signed, end: signed ? -1 : end };
}

export interface ValidateNfeOptions {
  /** Date whose rules apply (AAAA-MM-DD); default dhEmi. */
  data?: string;
  tabelas: NfeTables | null;
  agora?: Date;
}

/**
 * The body's tree, the rule book's findings on it, what its schema check needs, and whether the schema's fast path
 * proved it valid on the same tree (decision 077; the tree is not returned).
 */
function readAndRule(body: Uint8Array | string, opts: ValidateNfeOptions, fast: boolean) {
  const { root, nfe, xml, facts } = readNfeBody(body);
  const rules = validateNfeRules(root, { data: opts.data, tabelas: opts.tabelas, agora: opts.agora });
  const signed = nfe.children.some((c) => c.name === 'Signature');
  const pkg = schemaPackageOn(rules.regras.data);
  const proven = fast && treeDoubt(xml, root, facts, pkg, signed) === null;
  // The splice's byte offset costs a pass over the text: only a document libxml2 will check needs it.
  return { rules, input: { pkg, signed, end: proven ? -1 : spliceAt(xml, facts, signed) }, proven };
}

/**
 * Validates one NF-e/NFC-e XML (NFe or nfeProc) against the official schema of its date and every rule of the rule
 * book in force on it, and returns every rejection and alert. The one entry point for any caller: the public
 * routes (/nfe/validate, /nfe/complete, calculate-nfe with validar), and the documents audit if it ever checks the
 * schema. The XSD check runs in the schema thread while the rule book runs here (decision 073): it is sent before the
 * body is even read, on a guess of its date and signature that the rule book's reading confirms.
 */
export async function validateNfeXml(
  body: Uint8Array | string,
  opts: ValidateNfeOptions,
): Promise<TNfeValidationResponse> {
  const bytes =
    typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // With the fast path (decision 077) most documents never reach libxml2: the check is sent only once the tree is
  // read and not proven. Without it, the check starts before the tree is read, on a guess (decision 073).
  const fast = nfeSchemaCheck.options.fast !== false;
  let early: (SchemaInput & { errors: Promise<SchemaError[]>; abort: AbortController }) | null = null;
  if (!fast && nfeSchemaCheck.inThread && bytes.length > 0) {
    const guess = guessSchemaInput(bytes, opts.data);
    const abort = new AbortController();
    early = { ...guess, abort, errors: checkSchema(bytes, guess, abort.signal) };
    // A body refused below answers without waiting for its check.
    early.errors.catch(() => {});
  }
  let read: ReturnType<typeof readAndRule>;
  try {
    read = readAndRule(body, opts, fast);
  } catch (e) {
    // A refused body (not UTF-8, model 57, wrong root…) does not keep the schema thread busy: its check is cancelled
    // and the thread skips it if it has not started it yet (decision 073).
    early?.abort.abort();
    throw e;
  }
  const { rules, input, proven } = read;
  const guessed = early?.pkg === input.pkg && early.signed === input.signed && early.end === input.end;
  // A wrong guess: that check is not run for nothing either.
  if (early && !guessed) early.abort.abort();
  let schemaErrors: SchemaError[] = [];
  try {
    if (!proven) schemaErrors = await (early && guessed ? early.errors : checkSchema(bytes, input));
  } catch (e) {
    if (e instanceof SyntaxError) throw invalid(`O corpo não é um XML bem formado: ${e.message}`);
    throw e;
  }
  // The tree is not kept across the wait for the thread (kept, it outlived the young generation's collections and
  // was promoted on every request: full collections, decision 073); the rare body with schema errors is read again
  // to name their paths.
  const root = schemaErrors.length > 0 ? readNfeBody(body).root : null;
  const schema: TNfeFinding[] = schemaErrors.map((e) => ({
    codigo: '225',
    regra: 'D01',
    mensagem: 'Rejeição: Falha no Schema XML do lote de NFe',
    campo: (root && e.campo.startsWith('/') ? namedPath(root, e.campo) : null) ?? e.campo,
    nItem: null,
    esperado: null,
    encontrado: e.mensagem,
    facultativa: false,
    fonte: SCHEMA_SOURCE,
  }));
  for (const f of schema) {
    const item = /det\[nItem=(\d+)\]/.exec(f.campo);
    if (item) f.nItem = Number(item[1]);
  }
  const rejeicoes = [...schema, ...rules.rejeicoes];
  return {
    valida: rejeicoes.length === 0,
    chave: rules.chave,
    dhEmi: rules.dhEmi,
    modelo: rules.modelo,
    assinada: input.signed,
    regras: {
      versao: rules.regras.versao,
      data: rules.regras.data,
      ambiente: rules.regras.ambiente,
      esquema: schemaPackages[input.pkg].label,
      tabelas: opts.tabelas?.description ?? 'sem tabelas oficiais (regras de NCM e CST/cClassTrib não aplicadas)',
    },
    rejeicoes,
    alertas: rules.alertas,
  };
}
