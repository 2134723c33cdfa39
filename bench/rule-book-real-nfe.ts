/**
 * The NF-e rule book on documents SEFAZ authorised (precision before recall: a rejection reported on an authorised
 * NF-e is a false positive users would act on). Reads a directory of nfeProc XMLs (layout 4.00, protNFe cStat 100 or
 * 150), parses each with the server's parser, applies `validateNfeRules` under the document's own dhEmi with the
 * official tables of a freshly loaded reference snapshot, and prints per rule the documents it rejected; then the
 * documents with no rejection. Each document's integrity is checked too: the SHA-1 of its canonical infNFe must
 * equal the DigestValue it was signed with and the protocol's digVal — a document edited after authorisation
 * ("altered") proves nothing about SEFAZ's rules and is reported apart. With NFE_SCHEMA=1 the XSD check runs as well.
 *   NFE_CORPUS_DIR=/tmp/nfe-corpus npx tsx bench/rule-book-real-nfe.ts [dir]   (NFE_JSON=out.json keeps the detail;
 *   NFE_RULES_FROM=<dir> applies the rule book of another checkout: `git archive <commit> tax-engine/src | tar -x -C dir`)
 * The corpus (public repositories' fixtures, real company data) stays outside the repository: see bench/README.md.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { validateNfeRules as currentBook, type Rejeicao, type XNode } from '@app/tax-engine';
import { schemaPackageOn, validateSchema } from '../server/src/modules/nfe-validation/nfe-schema.js';
import { nfeTablesOf } from '../server/src/modules/nfe-validation/nfe-tables.js';
import { parseXmlTree } from '../server/src/modules/nfe-validation/nfe-xml-scan.js';
import { loadBundledReferenceTables } from '../server/src/modules/reference/loaders/load-reference-tables.js';
import { readIndexedFacts } from '../server/src/modules/tax/tax-facts-cache.js';
import { startBenchCluster } from './lib/cluster.js';

const dir = process.argv[2] ?? process.env.NFE_CORPUS_DIR;
// NFE_RULES_FROM=<dir holding tax-engine/src of another commit> measures that rule book instead (the "before" figures).
const validateNfeRules: typeof currentBook = process.env.NFE_RULES_FROM
  ? (await import(path.resolve(process.env.NFE_RULES_FROM, 'tax-engine/src/nfe-rules/validate.ts'))).validateNfeRules
  : currentBook;
if (!dir) throw new Error('Informe o diretório do corpus (argumento ou NFE_CORPUS_DIR).');

const child = (n: XNode | undefined, name: string) => n?.children.find((c) => c.name === name);
const find = (n: XNode, name: string): XNode | undefined => {
  if (n.name === name) return n;
  for (const c of n.children) {
    const f = find(c, name);
    if (f) return f;
  }
  return undefined;
};

/** UTF-8 as the server reads it; a Latin-1 file (older emitters) is decoded as such and marked. */
function decode(bytes: Buffer): { xml: string; latin1: boolean } {
  try {
    return { xml: new TextDecoder('utf-8', { fatal: true }).decode(bytes), latin1: false };
  } catch {
    return { xml: bytes.toString('latin1'), latin1: true };
  }
}

/**
 * Whether the document is as SEFAZ authorised it, as far as it can tell: the access key is a hash of cUF, AAMM, CNPJ,
 * model, series, number, tpEmis and cNF with its check digit, and SEFAZ rejects every NF-e whose key does not match its
 * fields (A03-10, B23-10) or whose protocol names another key. A fixture failing this was edited after authorisation
 * (anonymised CNPJ, changed items), so what the other rules find on it says nothing about SEFAZ's rules.
 * (Signature digests do not help here: the fixtures are pretty-printed after signing.)
 */
const editedBy = ['A03-10', 'B23-10'];
function edited(root: XNode, inf: XNode | undefined, rejeicoes: readonly Rejeicao[]): string | null {
  const id = (inf?.attrs.Id ?? '').replace(/^NFe/, '');
  const chNFe = child(child(find(root, 'protNFe'), 'infProt'), 'chNFe')?.text;
  if (chNFe && chNFe !== id) return `protNFe/chNFe ${chNFe} difere do Id`;
  const r = rejeicoes.find((j) => editedBy.includes(j.regra));
  return r ? `chave não confere com os campos (${r.regra})` : null;
}

interface DocResult {
  file: string;
  modelo: string;
  data: string;
  ambiente: string;
  cStat: string;
  integridade: string;
  latin1: boolean;
  rejeicoes: Rejeicao[];
  schema: number | null;
  skipped?: string;
  /** Signature's DigestValue and a hash of the parsed infNFe, to find copies of one signed document that differ. */
  digest?: string;
  infHash?: string;
}

const cluster = await startBenchCluster();
const results: DocResult[] = [];
try {
  await loadBundledReferenceTables(cluster.database.pool);
  const tabelas = nfeTablesOf(await readIndexedFacts(cluster.database.db));
  if (!tabelas) throw new Error('tabelas oficiais não carregadas');
  for (const file of readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.xml'))
    .sort()) {
    const bytes = readFileSync(path.join(dir, file));
    const { xml, latin1 } = decode(bytes);
    const base = { file, modelo: '', data: '', ambiente: '', cStat: '', integridade: '', latin1, rejeicoes: [] };
    let root: XNode;
    try {
      root = parseXmlTree(xml);
    } catch (e) {
      results.push({ ...base, schema: null, skipped: `XML: ${(e as Error).message}` });
      continue;
    }
    const inf = find(root, 'infNFe');
    const ide = child(inf, 'ide');
    const cStat = child(child(find(root, 'protNFe'), 'infProt'), 'cStat')?.text ?? '';
    const r: DocResult = {
      ...base,
      modelo: child(ide, 'mod')?.text ?? '',
      data: (child(ide, 'dhEmi')?.text ?? '').slice(0, 10),
      ambiente: child(ide, 'tpAmb')?.text === '1' ? 'produção' : 'homologação',
      cStat,
      integridade: '',
      schema: null,
      digest: find(root, 'DigestValue')?.text,
      infHash: createHash('sha1')
        .update(JSON.stringify(inf ?? null))
        .digest('hex'),
    };
    if (inf?.attrs?.versao !== '4.00') r.skipped = `layout ${inf?.attrs?.versao ?? '?'} (o livro é do 4.00)`;
    else if (cStat !== '100' && cStat !== '150') r.skipped = `protNFe cStat ${cStat || 'ausente'}`;
    if (!r.skipped) {
      r.rejeicoes = validateNfeRules(root, { tabelas }).rejeicoes;
      r.integridade = edited(root, inf, r.rejeicoes) ?? 'ok';
      if (process.env.NFE_SCHEMA === '1') r.schema = validateSchema(bytes, schemaPackageOn(r.data)).length;
    }
    results.push(r);
  }
} finally {
  await cluster.stop();
}

// One signed document in several files: identical copies count once; copies that differ (same DigestValue, another
// infNFe) were edited after signing — an anonymised emitter with its key recomputed, an infRespTec added, tpImp
// changed to test a DANFE layout. Those that still pass the key check stay in, marked, since their tax content is the
// authorised one unless the finding is about what was edited.
const bySignature = new Map<string, DocResult[]>();
for (const r of results.filter((x) => !x.skipped && x.digest))
  bySignature.set(r.digest!, [...(bySignature.get(r.digest!) ?? []), r]);
for (const group of bySignature.values()) {
  const seen = new Set<string>();
  const differ = new Set(group.map((r) => r.infHash)).size > 1;
  for (const r of group) {
    if (seen.has(r.infHash!)) r.skipped = 'cópia idêntica de outro arquivo';
    seen.add(r.infHash!);
    if (differ && r.integridade === 'ok') r.integridade = 'cópia alterada';
  }
}
const used = results.filter((r) => !r.skipped);
const intact = used.filter((r) => r.integridade === 'ok' || r.integridade === 'cópia alterada');
const detail = (j: Rejeicao) =>
  [
    j.campo,
    j.nItem !== null ? `item ${j.nItem}` : '',
    j.esperado ? `esperado ${j.esperado}` : '',
    j.encontrado ? `encontrado ${j.encontrado}` : '',
  ]
    .filter(Boolean)
    .join(', ');

const label = (r: DocResult) =>
  `${r.modelo} ${r.data} ${r.ambiente}${r.integridade === 'cópia alterada' ? ', cópia alterada' : ''}`;

/** Per rule, the documents it rejected (one line each, the rule's first finding). */
function perRule(docs: DocResult[], skip: readonly string[] = []) {
  const byRule = new Map<string, { codigo: string; facultativa: boolean; docs: DocResult[] }>();
  for (const r of docs)
    for (const j of r.rejeicoes) {
      if (skip.includes(j.regra)) continue;
      const e = byRule.get(j.regra) ?? { codigo: j.codigo, facultativa: j.facultativa, docs: [] };
      if (!e.docs.includes(r)) e.docs.push(r);
      byRule.set(j.regra, e);
    }
  const sorted = [...byRule].sort((a, b) => b[1].docs.length - a[1].docs.length || a[0].localeCompare(b[0]));
  for (const [regra, e] of sorted) {
    console.log(`  ${regra} (${e.codigo}${e.facultativa ? ', facultativa' : ''}): ${e.docs.length} documento(s)`);
    for (const r of e.docs)
      console.log(`      ${r.file} [${label(r)}]: ${detail(r.rejeicoes.find((x) => x.regra === regra)!)}`);
  }
  return sorted;
}

console.log(`Documentos: ${results.length} lidos, ${used.length} avaliados (layout 4.00, protNFe cStat 100/150).`);
for (const r of results.filter((x) => x.skipped)) console.log(`  fora: ${r.file} — ${r.skipped}`);
console.log(
  `\nComo autorizados (chave confere com os campos e com o protocolo): ${intact.length} documentos, ${intact.filter((r) => r.integridade === 'cópia alterada').length} deles cópias alteradas.`,
);
const fp = perRule(intact);
const obrig = fp.filter(([, e]) => !e.facultativa);
console.log(
  `  → ${obrig.length} regra(s) obrigatória(s) e ${fp.length - obrig.length} facultativa(s) rejeitaram documentos autorizados.`,
);
const clean = intact.filter((r) => r.rejeicoes.length === 0);
console.log(`\nSem rejeição: ${clean.length} de ${intact.length}`);
for (const r of clean) console.log(`  ${r.file} [${label(r)}]`);
const changed = used.filter((r) => !intact.includes(r));
console.log(`\nEditados depois da autorização (não contam): ${changed.length} arquivos`);
for (const r of changed) console.log(`  ${r.file}: ${r.integridade}`);
console.log('  Regras que os rejeitaram além da chave:');
perRule(changed, editedBy);
if (process.env.NFE_SCHEMA === '1')
  console.log(
    `\nCom erro de schema (225): ${
      used
        .filter((r) => (r.schema ?? 0) > 0)
        .map((r) => `${r.file} (${r.schema})`)
        .join(', ') || 'nenhum'
    }`,
  );
if (process.env.NFE_JSON) writeFileSync(process.env.NFE_JSON, JSON.stringify(results, null, 2));
