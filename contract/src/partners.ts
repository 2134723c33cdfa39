import { z } from 'zod';

/** White-label partner (server-design.md "Tenancy and roles"); the list is public for branding. */
export const ZPartner = z.object({
  id: z.uuid(),
  name: z.string(),
  nameDomain: z.string(),
  urlLogo: z.string().nullable(),
  displayName: z.string(),
  displayNameShort: z.string(),
});
export type TPartner = z.infer<typeof ZPartner>;
export const ZPartnerList = z.array(ZPartner);
export type TPartnerList = z.infer<typeof ZPartnerList>;

// GET /partners/domain?nameDomain=…
export const ZPartnerDomainQuery = z.object({
  nameDomain: z.string({ error: 'Informe o domínio.' }).trim().toLowerCase().min(1, 'Informe o domínio.').max(253),
});
export type TPartnerDomainQuery = z.infer<typeof ZPartnerDomainQuery>;

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, { message, abort: true }).max(max, `Máximo de ${max} caracteres.`);

// POST /partners (Admin)
export const ZCreatePartnerBody = z.object({
  name: required('Informe o nome do parceiro.'),
  nameDomain: required('Informe o domínio do parceiro.', 253)
    .toLowerCase()
    .regex(/^[a-z0-9.-]+(:[0-9]+)?$/, 'Domínio inválido.'),
  urlLogo: z.url({ message: 'URL do logo inválida.' }).max(1000).nullish(),
  displayName: required('Informe o nome de exibição.'),
  displayNameShort: required('Informe o nome de exibição curto.', 40),
});
export type TCreatePartnerBody = z.input<typeof ZCreatePartnerBody>;
