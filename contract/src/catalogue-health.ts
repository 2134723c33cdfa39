import { z } from 'zod';

/**
 * Catalogue health check ("Saúde fiscal do catálogo", issue 14 §3): every product of a company run
 * through the rules that make SEFAZ reject an NF-e. Each finding names the rejection it prevents
 * (the cStat of the NF-e validation rule, or the rule itself when the rejection number varies by UF)
 * and the fix. Kinds decided by the NF-e rule book (decision 060) name code and rule id: '778 · I05-20'.
 */
export const healthFindingKinds = [
  'NCM_MISSING',
  'NCM_NOT_IN_FORCE',
  'GTIN_INVALID',
  'CEST_NCM_MISMATCH',
  'CST_CFOP_MISMATCH',
  'CBENEF_MISSING',
  'CBENEF_INVALID',
  'IBSCBS_CST_INVALID',
  'CCLASSTRIB_MISSING',
  'CCLASSTRIB_NOT_IN_FORCE',
  'CCLASSTRIB_CST_MISMATCH',
  'CCLASSTRIB_ANNEX_IGNORED',
  'IBSCBS_MISSING',
] as const;
export type THealthFindingKind = (typeof healthFindingKinds)[number];
export const ZHealthFindingKind = z.enum(healthFindingKinds, { message: 'Tipo de achado inválido.' });

export const healthFindingInfo: Record<THealthFindingKind, { label: string; rejection: string; fix: string }> = {
  NCM_MISSING: {
    label: 'NCM não informado',
    rejection: '778',
    fix: 'Informe o NCM de 8 dígitos do produto.',
  },
  NCM_NOT_IN_FORCE: {
    label: 'NCM inexistente ou fora de vigência',
    rejection: '778 · I05-20',
    fix: 'Substitua pelo NCM vigente na tabela NCM (Siscomex).',
  },
  GTIN_INVALID: {
    label: 'GTIN com dígito verificador ou tamanho inválido',
    rejection: '611',
    fix: 'Corrija o GTIN (8, 12, 13 ou 14 dígitos com dígito verificador correto) ou informe SEM GTIN.',
  },
  CEST_NCM_MISMATCH: {
    label: 'CEST não corresponde ao NCM',
    rejection: 'CEST × NCM (Convênio ICMS 142/2018)',
    fix: 'Escolha um CEST do Convênio ICMS 142/2018 cujo NCM abranja o do produto.',
  },
  CST_CFOP_MISMATCH: {
    label: 'CST do ICMS incoerente com o CFOP',
    rejection: 'CST × CFOP (regra da UF)',
    fix: 'Use CFOP de substituição tributária (5401–5405, 6401–6404) com CST 10/30/60/70 e CFOP comum com os demais.',
  },
  CBENEF_MISSING: {
    label: 'cBenef obrigatório não informado',
    rejection: '930',
    fix: 'Informe o código de benefício fiscal (cBenef) da tabela da UF para o CST da regra.',
  },
  CBENEF_INVALID: {
    label: 'cBenef inexistente na UF ou incompatível com o CST',
    rejection: '946',
    fix: 'Use um cBenef vigente da tabela da UF que permita o CST da regra.',
  },
  IBSCBS_CST_INVALID: {
    label: 'CST do IBS/CBS inexistente',
    rejection: '1020 · UB13-10',
    fix: 'Use um CST da Tabela de CST do IBS/CBS (000, 010, 011, 200 …) na regra fiscal do produto.',
  },
  CCLASSTRIB_MISSING: {
    label: 'cClassTrib não informado',
    rejection: 'NT 2025.002 (grupo IBS/CBS)',
    fix: 'Informe o cClassTrib da Tabela cClassTrib correspondente ao CST do IBS/CBS.',
  },
  CCLASSTRIB_NOT_IN_FORCE: {
    label: 'cClassTrib inexistente ou fora de vigência',
    rejection: '1023 · UB14-10',
    fix: 'Substitua por um cClassTrib vigente da Tabela cClassTrib.',
  },
  CCLASSTRIB_CST_MISMATCH: {
    label: 'cClassTrib não pertence ao CST do IBS/CBS',
    rejection: '1024 · UB14-20',
    fix: 'Use um cClassTrib da Tabela cClassTrib listado para o CST do IBS/CBS da regra.',
  },
  CCLASSTRIB_ANNEX_IGNORED: {
    label: 'cClassTrib de tributação integral para NCM de anexo da LC 214/2025',
    rejection: 'LC 214/2025 (anexos I a XV)',
    fix:
      'O NCM consta de um anexo da LC 214/2025 (cesta básica, redução de 60 % etc.): confira se o produto é o ' +
      'descrito no anexo e use o cClassTrib proposto na regra fiscal.',
  },
  IBSCBS_MISSING: {
    label: 'Grupo IBS/CBS obrigatório ausente',
    rejection: 'NT 2025.002 (grupo UB)',
    fix: 'Preencha o CST e o cClassTrib do IBS/CBS na regra fiscal do produto.',
  },
};

export const healthCheckStatuses = ['Queued', 'Running', 'Done', 'Failed'] as const;
export const healthCheckStatusLabels: Record<(typeof healthCheckStatuses)[number], string> = {
  Queued: 'Na fila',
  Running: 'Em execução',
  Done: 'Concluída',
  Failed: 'Falhou',
};

export const ZHealthCheck = z.object({
  id: z.string(),
  status: z.enum(healthCheckStatuses),
  referenceDate: z.string(),
  products: z.number().nullable(),
  findings: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type THealthCheck = z.infer<typeof ZHealthCheck>;

export const ZHealthQuery = z.object({
  kind: ZHealthFindingKind.optional(),
  page: z.coerce.number({ message: 'Página inválida.' }).int().min(1, { message: 'Página inválida.' }).default(1),
  pageSize: z.coerce.number().int().min(1).max(200, { message: 'No máximo 200 por página.' }).default(50),
});
export type THealthQuery = z.input<typeof ZHealthQuery>;

export const ZHealthFinding = z.object({
  productId: z.string(),
  internalCode: z.string(),
  description: z.string(),
  kind: ZHealthFindingKind,
  rejection: z.string(),
  detail: z.string(),
  fix: z.string(),
  /**
   * CCLASSTRIB_ANNEX_IGNORED: the cClassTrib code(s) Receita's NCM applicability table gives the product's NCM
   * (LC 214/2025 annexes), best first; null for the other kinds. The reform simulation may show it per product.
   */
  proposedCClassTrib: z.array(z.string()).nullable(),
});
export type THealthFinding = z.infer<typeof ZHealthFinding>;

export const ZHealthReport = z.object({
  check: ZHealthCheck.nullable(),
  counts: z.array(z.object({ kind: ZHealthFindingKind, label: z.string(), rejection: z.string(), count: z.number() })),
  /** Products with at least one finding. */
  productsWithFindings: z.number(),
  items: z.array(ZHealthFinding),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type THealthReport = z.infer<typeof ZHealthReport>;
