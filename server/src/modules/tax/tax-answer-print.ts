import type { TTaxCalculateResponse } from '@app/contract';
import {
  calculateNfeLine,
  money,
  type NfeInput,
  type NfeItemContext,
  type NfeItemResult,
  nfeItemValueFields,
  nfeTotalRequestFields,
  nfeTotalSourceFields,
  sumNfeTotals,
} from '@app/tax-engine';
import {
  encodeKeys,
  jsonToBuffer,
  printJson,
  writeEncoded,
  writeEncodedMembers,
  writeJson,
  writeJsonString,
  writePicked,
  writePlainObject,
  writeRaw,
} from '../../lib/json-buffer.js';

/**
 * The tax answers exactly as their response schemas print them — same fields, same key order — but without
 * re-validating the strings and numbers the engine itself just built (~6 % of the route's CPU, issue 14), written
 * as UTF-8 bytes (lib/json-buffer.ts). tax-response.test.ts and tax-nfe.test.ts hold them byte-equal to the
 * schemas' output.
 */
export function serializeTaxItem(out: TTaxCalculateResponse): Buffer {
  return printJson(() => writeTaxItem(out));
}

/** A part of an invoice's lines, printed: their answers' bytes, comma-separated, and the figures the totals read. */
export interface PrintedNfeLines {
  bytes: Uint8Array;
  /**
   * Line after line, what sumNfeTotals reads of it: nfeTotalSourceFields' values of its answer, then
   * nfeTotalRequestFields' values of its request item rounded to cents as the totals round them (NaN when absent),
   * then its icms.indDeduzDeson (NaN when absent). A rounded amount is below 10^13 with 2 decimals (the layout's
   * 13v2), at most 15 significant digits: as a number it reads back exactly.
   */
  figures: Float64Array;
}

const answerWidth = nfeTotalSourceFields.length;
const lineWidth = answerWidth + nfeTotalRequestFields.length + 1;

/**
 * Lines `offset`… of an invoice (`itens`, with their `contexts`), each computed by the engine (calculateNfeLine)
 * and printed as serializeTaxItem prints it the moment it is computed: its memória is then dropped, so a 990-item
 * invoice's memória (most of its 2 MB answer) never lives all at once and dies young (≈ 20 % less CPU per invoice,
 * decision 047). What the totals need of each answer is kept as numbers. A bad line throws the engine's
 * TaxInputError naming `itens[offset + k]`; the bytes printed so far are dropped.
 */
export function printNfeLines(
  operacao: NfeInput['operacao'],
  itens: NfeInput['itens'],
  contexts: readonly NfeItemContext[],
  offset: number,
): PrintedNfeLines {
  const figures = new Float64Array(itens.length * lineWidth);
  const bytes = printJson(() => {
    for (let k = 0; k < itens.length; k++) {
      const item = itens[k]!;
      const answer = calculateNfeLine({ operacao, item }, offset + k, contexts[k]!);
      if (k > 0) writeRaw(',');
      writeTaxItem(answer as TTaxCalculateResponse);
      const values = answer as unknown as Record<string, number>;
      const at = k * lineWidth;
      for (let f = 0; f < answerWidth; f++) figures[at + f] = values[nfeTotalSourceFields[f]!]!;
      for (let f = 0; f < nfeTotalRequestFields.length; f++) {
        const value = item[nfeTotalRequestFields[f]!];
        figures[at + answerWidth + f] = value === undefined ? Number.NaN : money(value);
      }
      figures[at + lineWidth - 1] = item.icms.indDeduzDeson ?? Number.NaN;
    }
  });
  return { bytes, figures };
}

/**
 * The whole invoice's answer from its lines printed in parts (in order): `{"itens":[…],"total":…}` with the totals
 * summed from every line's figures by the engine's sumNfeTotals, byte-equal to the response schema's output. The
 * lines may have been checked and computed in other threads: their figures hold what the totals read of each
 * request item too.
 */
export function printNfeAnswer(parts: readonly PrintedNfeLines[]): Buffer {
  const answers: Record<string, number>[] = [];
  const items: Record<string, unknown>[] = [];
  for (const { figures } of parts)
    for (let at = 0; at < figures.length; at += lineWidth) {
      // A copy of one shape holding every key, then each value set in place: keys added one by one through
      // computed names would make slow dictionary objects (decision 041).
      const answer = { ...figuresShape };
      for (let f = 0; f < answerWidth; f++) answer[nfeTotalSourceFields[f]!] = figures[at + f]!;
      answers.push(answer);
      const deduz = figures[at + lineWidth - 1]!;
      const item: Record<string, unknown> = { icms: { indDeduzDeson: Number.isNaN(deduz) ? undefined : deduz } };
      for (let f = 0; f < nfeTotalRequestFields.length; f++) {
        const value = figures[at + answerWidth + f]!;
        if (!Number.isNaN(value)) item[nfeTotalRequestFields[f]!] = value;
      }
      items.push(item);
    }
  // The request items as far as the totals read them (the fields above): what sumNfeTotals takes of them.
  const total = sumNfeTotals(items as unknown as NfeInput['itens'], answers as unknown as NfeItemResult[]);
  const chunks: Uint8Array[] = [opening];
  parts.forEach((part, i) => {
    if (i > 0) chunks.push(comma);
    chunks.push(part.bytes);
  });
  chunks.push(beforeTotal, jsonToBuffer(total), closing);
  return Buffer.concat(chunks);
}
const figuresShape: Record<string, number> = Object.fromEntries(nfeTotalSourceFields.map((field) => [field, 0]));
const opening = Buffer.from('{"itens":[');
const comma = Buffer.from(',');
const beforeTotal = Buffer.from('],"total":');
const closing = Buffer.from('}');

/** The item's fields in the response schema's order, the memória's steps in ZMemoriaStep's. */
function writeTaxItem(out: TTaxCalculateResponse): void {
  const item = out as unknown as Record<string, unknown>;
  const memoria = out.memoria;
  if (!Array.isArray(memoria)) {
    writePicked(item, [...printedLayout(out).keys, 'memoria']);
    return;
  }
  writeRaw('{');
  const layout = printedLayout(out);
  writeEncoded(writeEncodedMembers(item, layout.keys, layout.encoded, true) ? memoriaFirst : memoriaNext);
  for (let i = 0; i < memoria.length; i++) {
    if (i > 0) writeRaw(',');
    writeStep(memoria[i]!);
  }
  writeRaw(']}');
}

type Step = TTaxCalculateResponse['memoria'][number];
const stepKeys = ['passo', 'campo', 'descricao', 'formula', 'valores', 'resultado', 'baseLegal'] as const;
const encoded = (text: string) => Buffer.from(text, 'utf8');
const memoriaFirst = encoded('"memoria":[');
const memoriaNext = encoded(',"memoria":[');
const [passo, campo, descricao, formula, valores, resultado, baseLegal] = stepKeys.map((key, i) =>
  encoded(`${i === 0 ? '{' : ','}"${key}":`),
);

/** One memória step; a step missing a field (never built by the engine) goes the generic way, leaving it out. */
function writeStep(step: Step): void {
  if (
    typeof step.passo !== 'number' ||
    typeof step.campo !== 'string' ||
    typeof step.descricao !== 'string' ||
    typeof step.formula !== 'string' ||
    typeof step.valores !== 'object' ||
    step.valores === null ||
    typeof step.resultado !== 'string' ||
    typeof step.baseLegal !== 'string'
  ) {
    writePicked(step as unknown as Record<string, unknown>, stepKeys);
    return;
  }
  writeEncoded(passo!);
  writeJson(step.passo);
  writeEncoded(campo!);
  writeJsonString(step.campo);
  writeEncoded(descricao!);
  writeJsonString(step.descricao);
  writeEncoded(formula!);
  writeJsonString(step.formula);
  writeEncoded(valores!);
  writePlainObject(step.valores);
  writeEncoded(resultado!);
  writeJsonString(step.resultado);
  writeEncoded(baseLegal!);
  writeJsonString(step.baseLegal);
  writeRaw('}');
}

/** The printed keys before the memória, by the reform's groups present (absent groups are left out), and their bytes. */
function printedLayout(out: TTaxCalculateResponse): Layout {
  const index = (out.gIBSCBS ? 1 : 0) + (out.gIBSCBSMono ? 2 : 0) + (out.IS ? 4 : 0);
  let layout = layoutsByGroups[index];
  if (!layout) {
    const keys = [...nfeItemValueFields, 'estimado', ...reformGroups.filter((group) => out[group])];
    layout = { keys, encoded: encodeKeys(keys) };
    layoutsByGroups[index] = layout;
  }
  return layout;
}

interface Layout {
  keys: readonly string[];
  encoded: readonly Buffer[];
}
const reformGroups = ['gIBSCBS', 'gIBSCBSMono', 'IS'] as const;
const layoutsByGroups: (Layout | undefined)[] = new Array(8);
