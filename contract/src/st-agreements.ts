import { ufs } from '@app/tax-engine';
import { z } from 'zod';

/**
 * Interstate ICMS-ST agreements (issue 37, decision 064): per ordered UF pair and CEST segment of Convênio ICMS
 * 142/2018, whether a Protocolo/Convênio applies ST, its MVA original, validity and source. Admin-curated with
 * history; every signed-in role reads them. Messages name the field in words (issue 38).
 */

/** The CEST segments of Convênio ICMS 142/2018 (Anexos II to XXVI, numbered '01' to '28'). */
export const cestSegmentos = Array.from({ length: 28 }, (_, i) => String(i + 1).padStart(2, '0'));

/** The segments' titles (the Convênio's annexes); 15, 18 and 27 have no item in the CEST table in force. */
export const cestSegmentoLabels: Record<string, string> = {
  '01': 'Autopeças',
  '02': 'Bebidas alcoólicas, exceto cerveja e chope',
  '03': 'Cervejas, chopes, refrigerantes, águas e outras bebidas',
  '04': 'Cigarros e outros produtos derivados do fumo',
  '05': 'Cimentos',
  '06': 'Combustíveis e lubrificantes',
  '07': 'Energia elétrica',
  '08': 'Ferramentas',
  '09': 'Lâmpadas, reatores e "starter"',
  '10': 'Materiais de construção e congêneres',
  '11': 'Materiais de limpeza',
  '12': 'Materiais elétricos',
  '13': 'Medicamentos e outros produtos farmacêuticos',
  '14': 'Papéis, plásticos, produtos cerâmicos e vidros',
  '15': 'Sem itens no CEST em vigor',
  '16': 'Pneumáticos, câmaras de ar e protetores de borracha',
  '17': 'Produtos alimentícios',
  '18': 'Sem itens no CEST em vigor',
  '19': 'Produtos de papelaria',
  '20': 'Perfumaria e higiene pessoal e cosméticos',
  '21': 'Eletrônicos, eletroeletrônicos e eletrodomésticos',
  '22': 'Rações para animais domésticos',
  '23': 'Sorvetes e preparados para sorvetes',
  '24': 'Tintas e vernizes',
  '25': 'Veículos automotores',
  '26': 'Veículos de duas e três rodas motorizados',
  '27': 'Sem itens no CEST em vigor',
  '28': 'Venda porta a porta',
};

export const stAgreementActions = ['create', 'update', 'end', 'delete', 'seed'] as const;
export const stAgreementActionLabels: Record<(typeof stAgreementActions)[number], string> = {
  create: 'Cadastro',
  update: 'Alteração',
  end: 'Encerramento',
  delete: 'Exclusão',
  seed: 'Carga da tabela de referência',
};

const uf = (label: string) => z.enum(ufs, { message: `${label}: escolha uma UF da lista.` });
const date = (label: string) => z.iso.date({ message: `${label}: informe uma data existente no formato AAAA-MM-DD.` });
const segmento = z.enum(cestSegmentos as [string, ...string[]], {
  message: 'Segmento CEST: escolha um segmento de 01 a 28 (Convênio ICMS 142/2018).',
});
const cestCode = /^\d{2}\.\d{3}\.\d{2}$/;

/** 'NN.NNN.NN' or its 7 digits, as typed; sent on formatted, sorted and without repeats. */
const cestCodigos = z
  .array(z.string().trim(), { message: 'Códigos CEST: informe uma lista de códigos.' })
  .max(200, { message: 'Códigos CEST: no máximo 200 códigos.' })
  .transform((list) =>
    list.map((c) => {
      const digits = c.replace(/\D/g, '');
      return digits.length === 7 ? `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5)}` : c;
    }),
  )
  .pipe(
    z
      .array(z.string().regex(cestCode, { message: 'Códigos CEST: use o formato NN.NNN.NN (ex.: 03.021.00).' }))
      .transform((list) => (list.length === 0 ? null : [...new Set(list)].sort())),
  )
  .nullable();

/** Percent with up to 4 decimals, '.' or ',' as separator; null when the MVA varies per item or the destination sets it. */
const mva = z
  .union([z.number(), z.string().trim()], { message: 'MVA original: informe um percentual.' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.replace(',', '.')))
  .pipe(
    z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, { message: 'MVA original: informe um percentual entre 0 e 999,9999.' }),
  )
  .nullable();

const motivo = z
  .string({ message: 'Motivo: informe por que o acordo muda.' })
  .trim()
  .min(3, { message: 'Motivo: informe por que o acordo muda (ao menos 3 caracteres).' })
  .max(500, { message: 'Motivo: no máximo 500 caracteres.' });

const fields = z.object({
  ufOrigem: uf('UF de origem'),
  ufDestino: uf('UF de destino'),
  cestSegmento: segmento,
  cestCodigos: cestCodigos.default(null),
  temAcordo: z.boolean({ message: 'Há acordo: escolha sim ou não.' }),
  instrumento: z
    .string({ message: 'Instrumento: informe o Protocolo ou Convênio ICMS.' })
    .trim()
    .min(3, { message: 'Instrumento: informe o Protocolo ou Convênio ICMS (ex.: Protocolo ICMS 41/2008).' })
    .max(200, { message: 'Instrumento: no máximo 200 caracteres.' }),
  mvaOriginal: mva.default(null),
  vigenciaInicio: date('Início da vigência'),
  vigenciaFim: date('Fim da vigência').nullable().default(null),
  fonteUrl: z
    .string({ message: 'Fonte (endereço): informe o endereço da publicação.' })
    .trim()
    .max(1000, { message: 'Fonte (endereço): no máximo 1.000 caracteres.' })
    .regex(/^https?:\/\/[^\s]+$/, { message: 'Fonte (endereço): informe um endereço http:// ou https://.' }),
  fonteNota: z
    .string({ message: 'Fonte (dispositivo): informe a cláusula ou o artigo.' })
    .trim()
    .min(3, { message: 'Fonte (dispositivo): informe a cláusula ou o artigo (ao menos 3 caracteres).' })
    .max(2000, { message: 'Fonte (dispositivo): no máximo 2.000 caracteres.' }),
});

type Fields = z.infer<typeof fields>;

/** Rules across fields, shared by create and update. */
function checkFields(v: Fields, ctx: z.RefinementCtx) {
  if (v.ufOrigem === v.ufDestino)
    ctx.addIssue({
      code: 'custom',
      path: ['ufDestino'],
      message: 'UF de destino: escolha uma UF diferente da origem (o acordo é interestadual).',
    });
  if (v.cestCodigos?.some((c) => c.slice(0, 2) !== v.cestSegmento))
    ctx.addIssue({
      code: 'custom',
      path: ['cestCodigos'],
      message: `Códigos CEST: todos devem ser do segmento ${v.cestSegmento}.`,
    });
  if (!v.temAcordo && v.mvaOriginal !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['mvaOriginal'],
      message: 'MVA original: deixe em branco quando não há acordo.',
    });
  if (v.vigenciaFim !== null && v.vigenciaFim < v.vigenciaInicio)
    ctx.addIssue({
      code: 'custom',
      path: ['vigenciaFim'],
      message: 'Fim da vigência: informe uma data igual ou posterior ao início.',
    });
}

/** POST /st-agreements. The reason is optional on a new row ('Cadastro' when blank). */
export const ZStAgreementCreate = fields
  .extend({ motivo: motivo.optional() })
  .superRefine((v, ctx) => checkFields(v, ctx));
export type TStAgreementCreate = z.input<typeof ZStAgreementCreate>;

/** PUT /st-agreements/:id: the whole row as it should be, with the reason. */
export const ZStAgreementUpdate = fields.extend({ motivo }).superRefine((v, ctx) => checkFields(v, ctx));
export type TStAgreementUpdate = z.input<typeof ZStAgreementUpdate>;

/** POST /st-agreements/:id/end: the last day the agreement applies. */
export const ZStAgreementEnd = z.object({ vigenciaFim: date('Fim da vigência'), motivo });
export type TStAgreementEnd = z.input<typeof ZStAgreementEnd>;

/** DELETE /st-agreements/:id: only for a row entered by mistake; ending keeps the history of what applied. */
export const ZStAgreementDelete = z.object({ motivo });
export type TStAgreementDelete = z.input<typeof ZStAgreementDelete>;

export const ZStAgreementParams = z.object({ id: z.uuid({ message: 'Acordo: identificador inválido.' }) });

const boolQuery = z
  .enum(['true', 'false'], { message: 'Há acordo: use true ou false.' })
  .transform((v) => v === 'true');

export const ZStAgreementListQuery = z.object({
  ufOrigem: uf('UF de origem').optional(),
  ufDestino: uf('UF de destino').optional(),
  cestSegmento: segmento.optional(),
  /** Rows in force on this date. */
  vigenteEm: date('Vigente em').optional(),
  temAcordo: boolQuery.optional(),
  page: z.coerce
    .number({ message: 'Página: informe um número.' })
    .int({ message: 'Página: informe um número inteiro.' })
    .min(1, { message: 'Página: a primeira é a 1.' })
    .default(1),
  pageSize: z.coerce
    .number({ message: 'Itens por página: informe um número.' })
    .int({ message: 'Itens por página: informe um número inteiro.' })
    .min(1, { message: 'Itens por página: ao menos 1.' })
    .max(200, { message: 'Itens por página: no máximo 200.' })
    .default(50),
});
export type TStAgreementListQuery = z.input<typeof ZStAgreementListQuery>;

export const ZStAgreement = z.object({
  id: z.string(),
  ufOrigem: z.string(),
  ufDestino: z.string(),
  cestSegmento: z.string(),
  cestCodigos: z.array(z.string()).nullable(),
  temAcordo: z.boolean(),
  instrumento: z.string(),
  /** Percent as text ('71.78'), null when not fixed for the whole row. */
  mvaOriginal: z.string().nullable(),
  vigenciaInicio: z.string(),
  vigenciaFim: z.string().nullable(),
  fonteUrl: z.string(),
  fonteNota: z.string(),
  createdAt: z.string(),
  /** null: loaded from the bundled reference table (reference-data/st-agreements.csv). */
  createdByName: z.string().nullable(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type TStAgreement = z.infer<typeof ZStAgreement>;

export const ZStAgreementPage = z.object({
  items: z.array(ZStAgreement),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TStAgreementPage = z.infer<typeof ZStAgreementPage>;

export const ZStAgreementHistoryEntry = z.object({
  id: z.number(),
  action: z.enum(stAgreementActions),
  /** The row before and after the change, as stored (snake_case columns); null where there is none. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string(),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});
export type TStAgreementHistoryEntry = z.infer<typeof ZStAgreementHistoryEntry>;

export const ZStAgreementDetail = z.object({
  agreement: ZStAgreement,
  history: z.array(ZStAgreementHistoryEntry),
});
export type TStAgreementDetail = z.infer<typeof ZStAgreementDetail>;
