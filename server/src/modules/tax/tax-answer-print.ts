import type { TTaxCalculateResponse } from '@app/contract';
import {
  calculateNfe,
  type NfeInput,
  type NfeItemContextFor,
  type NfeItemResult,
  nfeItemValueFields,
} from '@app/tax-engine';
import {
  printJson,
  writeEncoded,
  writeJson,
  writeJsonString,
  writeMembers,
  writePicked,
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

/**
 * A whole invoice computed by the engine's calculateNfe and printed as its response schema would, each item as
 * serializeTaxItem prints it, the moment it is computed: its memória is then dropped, so the 500–990 items' memória
 * (most of the 2 MB answer) never lives all at once and dies young (≈ 20 % less CPU per invoice, decision 047).
 * JSON.stringify's result was a rope of a two-byte string that cost three times its printing to flatten and encode.
 * The engine's TaxInputError goes through; the bytes printed so far are then dropped.
 */
export function printTaxNfe(input: NfeInput, ctxFor: NfeItemContextFor): Buffer {
  return printJson(() => {
    writeRaw('{"itens":[');
    const { total } = calculateNfe(input, ctxFor, (answer, i) => {
      if (i > 0) writeRaw(',');
      writeTaxItem(answer as TTaxCalculateResponse);
      answer.memoria = printed;
    });
    writeRaw('],"total":');
    writeJson(total);
    writeRaw('}');
  });
}
/** What an item's memória is replaced with once printed. */
const printed: NfeItemResult['memoria'] = [];

/** The item's fields in the response schema's order, the memória's steps in ZMemoriaStep's. */
function writeTaxItem(out: TTaxCalculateResponse): void {
  const item = out as unknown as Record<string, unknown>;
  const memoria = out.memoria;
  if (!Array.isArray(memoria)) {
    writePicked(item, [...printedKeys(out), 'memoria']);
    return;
  }
  writeRaw('{');
  writeEncoded(writeMembers(item, printedKeys(out), true) ? memoriaFirst : memoriaNext);
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
  writeJson(step.valores);
  writeEncoded(resultado!);
  writeJsonString(step.resultado);
  writeEncoded(baseLegal!);
  writeJsonString(step.baseLegal);
  writeRaw('}');
}

/** The printed keys before the memória, by the reform's groups present (absent groups are left out). */
function printedKeys(out: TTaxCalculateResponse): readonly string[] {
  const index = (out.gIBSCBS ? 1 : 0) + (out.gIBSCBSMono ? 2 : 0) + (out.IS ? 4 : 0);
  let keys = printedKeysByGroups[index];
  if (!keys) {
    keys = [...nfeItemValueFields, 'estimado', ...reformGroups.filter((group) => out[group])];
    printedKeysByGroups[index] = keys;
  }
  return keys;
}

const reformGroups = ['gIBSCBS', 'gIBSCBSMono', 'IS'] as const;
const printedKeysByGroups: (readonly string[] | undefined)[] = new Array(8);
