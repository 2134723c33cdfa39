import {
  type TNfeCompleteResponse,
  type TTaxCalculateRequest,
  ZTaxCalculateRequest,
  ZTaxItemWithCheckedOperacao,
} from '@app/contract';
import {
  completeNfe,
  type NfeItemContext,
  nodeToXml,
  operationTags,
  readNfeToComplete,
  TaxInputError,
  type XNode,
  xmlPathOfRequestField,
} from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { buildContextFrom } from '../tax/tax-context.js';
import { readIndexedFacts, readSharedFacts } from '../tax/tax-facts-cache.js';
import type { FactsReader } from '../tax/tax-facts-index.js';
import { readNfeBody } from './nfe-body.js';
import { nfeTablesOf } from './nfe-tables.js';
import { validateNfeXml } from './nfe-validation.service.js';

type FieldError = { field: string; message: string };
type Item = TTaxCalculateRequest['item'];
const ROOT = 'NFe/infNFe';
const NS = 'http://www.portalfiscal.inf.br/nfe';

/** A request field of item `nItem` (or of the operation) as the tag path of the NF-e, and the message with the item. */
function nameField(field: string | undefined, message: string, nItem: number | null): FieldError {
  const op = field && operationTags[field];
  if (op || nItem === null) return { field: `${ROOT}/${op || 'ide'}`, message };
  const path = `${ROOT}/${xmlPathOfRequestField(field ?? '', nItem)}`;
  return { field: path, message: `Item ${nItem}: ${message.replace(/^itens\[\d+\]: /, '')}` };
}

const refuse = (errors: FieldError[]): never => {
  throw new AppError('VALIDATION', errors[0]!.message, errors);
};

/** itens[3].icms.pICMS (an engine refusal of the invoice) → the item's position and its own field. */
function splitInvoiceField(field: string): { index: number | null; field: string } {
  const m = /^itens\[(\d+)\]\.?(.*)$/.exec(field);
  return m ? { index: Number(m[1]), field: m[2] ?? '' } : { index: null, field };
}

/**
 * Each item of the document checked as POST /tax/calculate checks it (the same schema and joined checks), then its
 * facts read from the tables in force on the date: every problem of every item is reported, each naming the item
 * (nItem) and the tag to fix; nothing is computed while one remains.
 */
function checkItems(
  doc: ReturnType<typeof readNfeToComplete>,
  operacao: TTaxCalculateRequest['operacao'],
  read: FactsReader,
  date: string,
): { itens: Item[]; contexts: NfeItemContext[] } {
  const errors: FieldError[] = [];
  const itens: Item[] = [];
  for (const d of doc.dets) {
    const parsed = ZTaxItemWithCheckedOperacao.safeParse({ operacao, item: d.item });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push(nameField(issue.path.map(String).join('.'), issue.message, d.nItem));
      continue;
    }
    itens.push(parsed.data.item);
  }
  if (errors.length > 0) refuse(errors);
  const contexts: NfeItemContext[] = [];
  doc.dets.forEach((d, i) => {
    try {
      contexts.push(buildContextFrom(read, { operacao, item: itens[i]! }, date));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'VALIDATION') throw err;
      for (const e of err.errors ?? [{ field: undefined, message: err.message }])
        errors.push(nameField(e.field, e.message, d.nItem));
    }
  });
  if (errors.length > 0) refuse(errors);
  return { itens, contexts };
}

/**
 * POST /nfe/complete: reads the NF-e (the body checks of /nfe/validate), computes every item and the totals with the
 * engine and the tables in force on dhEmi (or `data`), writes them into the document in the schema's order,
 * unsigned, and validates the result with the rule book and the official schema. An item the engine cannot compute
 * is a 400 naming the item and the tag; no figure is ever guessed as zero.
 */
export async function completeNfeXml(
  db: DbOrTx,
  body: Uint8Array,
  opts: { data?: string },
): Promise<TNfeCompleteResponse> {
  const { nfe } = readNfeBody(body);
  let doc: ReturnType<typeof readNfeToComplete>;
  try {
    doc = readNfeToComplete(nfe);
  } catch (err) {
    if (err instanceof TaxInputError) refuse([{ field: `${ROOT}/${err.field}`, message: err.message }]);
    throw err;
  }
  const op = ZTaxCalculateRequest.shape.operacao.safeParse(doc.operacao);
  if (!op.success) refuse(op.error.issues.map((i) => nameField(`operacao.${i.path.join('.')}`, i.message, null)));
  if (doc.dets.length === 0) refuse([{ field: `${ROOT}/det`, message: 'A NF-e não tem itens (det).' }]);
  const operacao = op.data!;
  const date = opts.data ?? operacao.data ?? doc.data;
  const facts = await readSharedFacts(db);
  const { itens, contexts } = checkItems(doc, operacao, facts.read, date);
  let completed: XNode;
  try {
    completed = completeNfe(doc.nfe, { operacao: { ...operacao, data: date }, itens }, contexts).nfe;
  } catch (err) {
    if (!(err instanceof TaxInputError)) throw err;
    const { index, field } = splitInvoiceField(err.field);
    const nItem = index === null ? null : doc.dets[index]!.nItem;
    if (field.startsWith('det[')) refuse([{ field: `${ROOT}/${field}`, message: err.message }]);
    refuse([nameField(field, err.message, nItem)]);
    throw err;
  }
  // The namespace of the layout on the NFe element itself, whatever prefix the body used.
  const xml = `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml({ ...completed, attrs: { ...completed.attrs, xmlns: NS } })}`;
  const tabelas = nfeTablesOf(await readIndexedFacts(db));
  const validation = await validateNfeXml(xml, { data: opts.data, tabelas });
  return { ...validation, xml, itens: itens.length };
}
