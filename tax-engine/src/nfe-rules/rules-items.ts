import { cents, productCheck, showCents } from './money.js';
import { cfopOf } from './nfe-view.js';
import { always, moc } from './sources.js';
import type { Finding, Rule } from './types.js';
import { text } from './xml-node.js';

/** Groups I (prod) and N (ICMS of the item). */
export const itemRules: Rule[] = [
  {
    id: 'I05-20',
    codigo: '778',
    mensagem: 'Rejeição: Informado NCM inexistente[nItem:nnn]',
    grupo: 'I',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: { producao: { desde: '2016-01-01' }, homologacao: { desde: null } },
    fonte: moc('I'),
    tabelas: ['ncm'],
    descricao:
      'NCM de 8 posições diferente de 00000000 existe na tabela NCM em vigor na data. Itens de exportação (CFOP 7xxx) não são conferidos: os NCM especiais do Anexo X.02 não estão na tabela.',
    verificar(doc, ctx) {
      const out: Finding[] = [];
      if (!ctx.tabelas) return out;
      for (const it of doc.items) {
        const ncm = text(it.prod, 'NCM');
        if (!ncm || !/^\d{8}$/.test(ncm) || ncm === '00000000' || cfopOf(it).startsWith('7')) continue;
        if (ctx.tabelas.ncmInForce(ncm, ctx.data) === false)
          out.push({
            campo: `${it.path}/prod/NCM`,
            nItem: it.nItem,
            esperado: 'NCM da tabela em vigor',
            encontrado: ncm,
          });
      }
      return out;
    },
  },
  {
    id: 'I08-10',
    codigo: '518',
    mensagem: 'Rejeição: CFOP de entrada para NF-e de saída',
    grupo: 'I',
    modelos: ['55'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('I'),
    descricao: 'NF-e de saída (tpNF=1) usa CFOP de saída (5, 6 ou 7).',
    verificar(doc) {
      if (text(doc.ide, 'tpNF') !== '1') return [];
      return doc.items
        .filter((it) => /^[123]/.test(cfopOf(it)))
        .map((it) => ({
          campo: `${it.path}/prod/CFOP`,
          nItem: it.nItem,
          esperado: 'CFOP iniciado por 5, 6 ou 7',
          encontrado: cfopOf(it),
        }));
    },
  },
  {
    id: 'I08-20',
    codigo: '519',
    mensagem: 'Rejeição: CFOP de saída para NF-e de entrada',
    grupo: 'I',
    modelos: ['55'],
    aplicacao: 'facultativa',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('I'),
    descricao: 'NF-e de entrada (tpNF=0) usa CFOP de entrada (1, 2 ou 3).',
    verificar(doc) {
      if (text(doc.ide, 'tpNF') !== '0') return [];
      return doc.items
        .filter((it) => /^[567]/.test(cfopOf(it)))
        .map((it) => ({
          campo: `${it.path}/prod/CFOP`,
          nItem: it.nItem,
          esperado: 'CFOP iniciado por 1, 2 ou 3',
          encontrado: cfopOf(it),
        }));
    },
  },
  {
    id: 'I17-10',
    codigo: '483',
    mensagem: 'Rejeição: Valor do desconto maior que valor do produto [nItem: nnn]',
    grupo: 'I',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('I'),
    descricao: 'vDesc do item não é maior que vProd.',
    verificar(doc) {
      const out: Finding[] = [];
      for (const it of doc.items) {
        const d = cents(text(it.prod, 'vDesc'));
        const p = cents(text(it.prod, 'vProd'));
        if (d !== null && p !== null && d > p)
          out.push({
            campo: `${it.path}/prod/vDesc`,
            nItem: it.nItem,
            esperado: `até ${showCents(p)}`,
            encontrado: showCents(d),
          });
      }
      return out;
    },
  },
  {
    id: 'I13-20',
    codigo: '854',
    mensagem: 'Rejeição: Unidade Tributável (tag:uTrib) incompatível com produto informado [nItem:nnn]',
    grupo: 'I',
    modelos: ['55', '65'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('I'),
    descricao: 'Produto ANP 210203001 (GLP) tem unidade tributável "kg" (maiúsculas e minúsculas indiferentes).',
    verificar(doc) {
      const out: Finding[] = [];
      for (const it of doc.items) {
        if (text(it.prod, 'comb/cProdANP') !== '210203001') continue;
        const u = text(it.prod, 'uTrib') ?? '';
        if (u.toLowerCase() !== 'kg')
          out.push({ campo: `${it.path}/prod/uTrib`, nItem: it.nItem, esperado: 'kg', encontrado: u });
      }
      return out;
    },
  },
  {
    id: 'N12-20',
    codigo: '590',
    mensagem: 'Rejeição: Informado CST para emissor do Simples Nacional (CRT=1)',
    grupo: 'N',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('N'),
    descricao:
      'Emitente do Simples Nacional (CRT=1) informa o ICMS do item por CSOSN, não por CST (os grupos ICMSST e ICMS61 de repasse e monofásico não são conferidos).',
    verificar(doc) {
      if (doc.crt !== '1') return [];
      const out: Finding[] = [];
      for (const it of doc.items) {
        const g = it.icms;
        if (!g || g.name === 'ICMSST' || g.name === 'ICMS61') continue;
        const cst = text(g, 'CST');
        if (cst !== undefined)
          out.push({
            campo: `${it.path}/imposto/ICMS/${g.name}/CST`,
            nItem: it.nItem,
            esperado: 'CSOSN',
            encontrado: `CST ${cst}`,
          });
      }
      return out;
    },
  },
  {
    id: 'N12a-10',
    codigo: '591',
    mensagem: 'Rejeição: Informado CSOSN para emissor que não é do Simples Nacional (CRT diferente de 1)',
    grupo: 'N',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('N'),
    descricao: 'Emitente do regime normal ou com excesso de sublimite (CRT 2 ou 3) informa CST, não CSOSN.',
    verificar(doc) {
      if (doc.crt !== '2' && doc.crt !== '3') return [];
      const out: Finding[] = [];
      for (const it of doc.items) {
        const csosn = text(it.icms, 'CSOSN');
        if (csosn !== undefined)
          out.push({
            campo: `${it.path}/imposto/ICMS/${it.icms!.name}/CSOSN`,
            nItem: it.nItem,
            esperado: 'CST',
            encontrado: `CSOSN ${csosn}`,
          });
      }
      return out;
    },
  },
  {
    id: 'N17-20',
    codigo: '528',
    mensagem: 'Rejeição: Valor do ICMS difere do produto BC e Alíquota [nItem: 999]',
    grupo: 'N',
    modelos: ['55', '65'],
    aplicacao: 'facultativa',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('N'),
    descricao: 'Com CST 00, 10, 20 ou 70 e finNFe=1: vICMS = vBC × pICMS / 100, tolerância de R$ 0,01.',
    verificar(doc) {
      if (text(doc.ide, 'finNFe') !== '1') return [];
      const out: Finding[] = [];
      for (const it of doc.items) {
        const g = it.icms;
        if (!g || !['00', '10', '20', '70'].includes(text(g, 'CST') ?? '')) continue;
        const c = productCheck(text(g, 'vICMS'), text(g, 'vBC'), text(g, 'pICMS'));
        if (!c || c.ok) continue;
        out.push({
          campo: `${it.path}/imposto/ICMS/${g.name}/vICMS`,
          nItem: it.nItem,
          esperado: showCents(c.expected),
          encontrado: showCents(c.found),
        });
      }
      return out;
    },
  },
];
