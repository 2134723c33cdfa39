/**
 * Where a field of the calculation request lives in the NF-e item (MOC 7.0 annex I), so that a refusal of an
 * item read from an XML names the tag the issuer must fix: `icms.pICMS` → `imposto/ICMS/pICMS`.
 */
const groups: Record<string, string> = {
  icms: 'imposto/ICMS',
  ipi: 'imposto/IPI',
  pis: 'imposto/PIS',
  cofins: 'imposto/COFINS',
  ibscbs: 'imposto/IBSCBS',
  is: 'imposto/IS',
};
const prodTags: Record<string, string> = { ncm: 'NCM', cest: 'CEST' };
const ibsCbsTags: Record<string, string> = { cst: 'CST', gDif: 'gIBSCBS/gCBS/gDif' };

/** `icms.pICMS` of the item nItem → `det[nItem=2]/imposto/ICMS/pICMS`; operation fields map to ide/emit/dest. */
export function xmlPathOfRequestField(field: string, nItem: number): string {
  const parts = field.split('.').filter((p) => p !== 'item');
  const [head, ...rest] = parts;
  if (!head) return `det[nItem=${nItem}]`;
  const det = `det[nItem=${nItem}]`;
  if (head === 'origem') return `${det}/imposto/ICMS/orig`;
  if (head === 'vII') return `${det}/imposto/II/vII`;
  const group = groups[head];
  if (!group) return `${det}/prod/${prodTags[head] ?? head}`;
  if (rest.length === 0) return `${det}/${group}`;
  const tag = rest.join('/');
  if (head === 'icms' && tag === 'cBenef') return `${det}/prod/cBenef`;
  if (head === 'icms' && (tag === 'pICMSUFDest' || tag === 'pFCPUFDest')) return `${det}/imposto/ICMSUFDest/${tag}`;
  if (head === 'ibscbs') return `${det}/${group}/${ibsCbsTags[tag] ?? tag}`;
  return `${det}/${group}/${tag === 'cst' ? 'CST' : tag === 'csosn' ? 'CSOSN' : tag}`;
}

/** An operation field of the request → where the NF-e states it. */
export const operationTags: Record<string, string> = {
  'operacao.ufOrigem': 'emit/enderEmit/UF',
  'operacao.ufDestino': 'dest/enderDest/UF',
  'operacao.consumidorFinal': 'ide/indFinal',
  'operacao.contribuinte': 'dest/indIEDest',
  'operacao.crt': 'emit/CRT',
  'operacao.data': 'ide/dhEmi',
  'operacao.cMunFG': 'ide/cMunFGIBS',
};
