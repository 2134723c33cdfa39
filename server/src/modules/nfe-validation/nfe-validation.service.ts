import type { TNfeFinding, TNfeValidationResponse } from '@app/contract';
import { type NfeTables, validateNfeRules, type XNode } from '@app/tax-engine';
import { AppError } from '../../lib/app-error.js';
import { readNfeBody } from './nfe-body.js';
import {
  placeholderSignature,
  type SchemaError,
  schemaPackageOn,
  schemaPackages,
  validateSchema,
} from './nfe-schema.js';
import { namedPath } from './nfe-xml-tree.js';

const SCHEMA_SOURCE = {
  documento: 'MOC 7.0 Anexo I',
  versao: '7.00',
  secao: 'Validação da área de dados (D01): schema XML do pacote de liberação',
  url: 'https://www.nfe.fazenda.gov.br/portal/listaConteudo.aspx?tipoConteudo=ndIjl+iEFdE=',
};

const MAX_SCHEMA_FINDINGS = 200;

const invalid = (detail: string) => new AppError('NFE_XML_INVALID', detail);

const signatureBytes = Buffer.from(placeholderSignature);

/**
 * Adds the placeholder signature right before </NFe> when the document comes unsigned (schema check only). Bytes
 * stay bytes: libxml2 reads them without the string being encoded again.
 */
function withSignature(xml: string | Uint8Array, nfe: XNode): { xml: string | Uint8Array; signed: boolean } {
  if (nfe.children.some((c) => c.name === 'Signature')) return { xml, signed: true };
  if (typeof xml === 'string') {
    const end = xml.lastIndexOf('</NFe>');
    return end < 0
      ? { xml, signed: false }
      : { xml: xml.slice(0, end) + placeholderSignature + xml.slice(end), signed: false };
  }
  const bytes = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength);
  const end = bytes.lastIndexOf('</NFe>');
  return end < 0
    ? { xml, signed: false }
    : { xml: Buffer.concat([bytes.subarray(0, end), signatureBytes, bytes.subarray(end)]), signed: false };
}

export interface ValidateNfeOptions {
  /** Date whose rules apply (AAAA-MM-DD); default dhEmi. */
  data?: string;
  tabelas: NfeTables | null;
  agora?: Date;
}

/**
 * Validates one NF-e/NFC-e XML (NFe or nfeProc) against the official schema of its date and every rule of the rule
 * book in force on it, and returns every rejection and alert. The one entry point for any caller: the public
 * route, and the documents audit when it adopts the rule book (it passes the XML and the same tables).
 */
export function validateNfeXml(body: Uint8Array | string, opts: ValidateNfeOptions): TNfeValidationResponse {
  const { root, nfe } = readNfeBody(body);
  const rules = validateNfeRules(root, { data: opts.data, tabelas: opts.tabelas, agora: opts.agora });
  const pkg = schemaPackageOn(rules.regras.data);
  const signed = withSignature(body, nfe);
  let schemaErrors: SchemaError[];
  try {
    schemaErrors = validateSchema(signed.xml, pkg);
  } catch (e) {
    if (e instanceof SyntaxError) throw invalid(`O corpo não é um XML bem formado: ${e.message}`);
    throw e;
  }
  // A body of thousands of broken values would answer thousands of rows: the first 200 say enough to fix it.
  const schema: TNfeFinding[] = schemaErrors.slice(0, MAX_SCHEMA_FINDINGS).map((e) => ({
    codigo: '225',
    regra: 'D01',
    mensagem: 'Rejeição: Falha no Schema XML do lote de NFe',
    campo: (e.campo.startsWith('/') ? namedPath(root, e.campo) : null) ?? e.campo,
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
    assinada: signed.signed,
    regras: {
      versao: rules.regras.versao,
      data: rules.regras.data,
      ambiente: rules.regras.ambiente,
      esquema: schemaPackages[pkg].label,
      tabelas: opts.tabelas?.description ?? 'sem tabelas oficiais (regras de NCM e CST/cClassTrib não aplicadas)',
    },
    rejeicoes,
    alertas: rules.alertas,
  };
}
