import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZPisCofinsIcmsBase } from './companies';
import { documentMessages, ZDocumentFindingsQuery } from './company-documents';
import {
  ZDocumentFindingGroupParam,
  ZDocumentFindingGroupStatusBody,
  ZDocumentWorklistQuery,
} from './company-documents-worklist';
import { ZSimulationProductsQuery, ZSimulationStart } from './transition-simulations';

// Issue 38: the screens show these messages as they come; a field must be named in words ("Página: …",
// "Informe a empresa …"), never by its JSON id ("page: …", "companyId: …").
const rawFieldId = /^[a-z]+[A-Za-z.]*:|\b[a-z]+[A-Z][A-Za-z]* deve\b/;

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const res = schema.safeParse(input);
  expect(res.success, JSON.stringify(input)).toBe(false);
  return res.error?.issues.map((i) => i.message) ?? [];
}

const uuid = '00000000-0000-4000-8000-000000000001';

describe('messages a screen shows name the field in words', () => {
  const cases: [string, z.ZodType, unknown, string][] = [
    ['page', ZDocumentFindingsQuery, { page: 'x' }, 'Página: informe um número.'],
    ['page 0', ZDocumentFindingsQuery, { page: 0 }, 'Página: a primeira é a 1.'],
    ['pageSize', ZDocumentFindingsQuery, { pageSize: 500 }, 'Itens por página: no máximo 200.'],
    ['productId', ZDocumentFindingsQuery, { productId: 'x' }, 'Produto: identificador inválido.'],
    ['documentId', ZDocumentFindingsQuery, { documentId: 'x' }, 'Documento: identificador inválido.'],
    ['chave', ZDocumentFindingsQuery, { chave: '123' }, 'Chave de acesso: informe os 44 dígitos.'],
    ['product', ZDocumentWorklistQuery, { product: 'x'.repeat(121) }, 'Produto: no máximo 120 caracteres.'],
    ['cfop', ZDocumentWorklistQuery, { cfop: '51' }, 'CFOP: informe os 4 dígitos.'],
    ['uf', ZDocumentWorklistQuery, { uf: 'XX' }, 'UF: escolha uma UF da lista.'],
    ['from', ZDocumentWorklistQuery, { from: '2026-02-30' }, 'Data inicial: informe uma data existente'],
    ['groupBy', ZDocumentWorklistQuery, { groupBy: 'x' }, 'Agrupamento: só por causa.'],
    ['group key', ZDocumentFindingGroupParam, { id: uuid, key: 'x' }, 'Grupo: identificador inválido.'],
    ['reason', ZDocumentFindingGroupStatusBody, { status: 'Ignorado' }, 'Motivo: informe por que o grupo é ignorado.'],
    ['status', ZDocumentFindingGroupStatusBody, { status: 'Resolvido' }, 'Situação: escolha Aberto, Em análise'],
    ['pisCofinsIcmsBase', ZPisCofinsIcmsBase, 'x', 'Base do PIS/COFINS: escolha'],
    [
      'productIds',
      ZSimulationStart,
      { ufDestino: 'SP', comprador: 'contribuinte', selecao: 'selecao' },
      'Produtos: escolha ao menos um produto.',
    ],
    [
      'busca',
      ZSimulationStart,
      { ufDestino: 'SP', comprador: 'contribuinte', selecao: 'busca', busca: 'a' },
      'Busca: informe ao menos 2 caracteres.',
    ],
    [
      'anoFinal',
      ZSimulationStart,
      { ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos', anoInicial: 2030, anoFinal: 2027 },
      'Até o ano: escolha um ano igual ou posterior ao inicial.',
    ],
    [
      'anoInicial',
      ZSimulationStart,
      { ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos', anoInicial: 2040 },
      'Ano inicial: informe um ano de 2026 a 2033.',
    ],
    [
      'rbt12',
      ZSimulationStart,
      { ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos', rbt12: '0' },
      'RBT12: informe a receita bruta',
    ],
    ['comprador', ZSimulationStart, { ufDestino: 'SP', comprador: 'x', selecao: 'todos' }, 'Comprador: escolha'],
    ['recusados', ZSimulationProductsQuery, { recusados: 'x' }, 'Recusados pelo motor: use true ou false.'],
  ];
  it.each(cases)('%s', (_field, schema, input, expected) => {
    const messages = messagesOf(schema, input);
    expect(
      messages.some((m) => m.startsWith(expected)),
      messages.join(' | '),
    ).toBe(true);
    for (const m of messages) expect(m).not.toMatch(rawFieldId);
  });

  it('the document upload messages', () => {
    for (const m of Object.values(documentMessages)) expect(m).not.toMatch(rawFieldId);
    expect(documentMessages.companyRequired).toBe('Informe a empresa antes dos arquivos.');
  });
});
