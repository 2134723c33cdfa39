import { z } from 'zod';
import { ZUserEmail } from './identity.js';
import { roles, ZRole, ZUserPermission } from './roles.js';

export const userStatuses = ['Active', 'Inactive'] as const;
export const ZUserStatus = z.enum(userStatuses, { message: 'Status inválido.' });
export type TUserStatus = z.infer<typeof ZUserStatus>;
export const userStatusLabels: Record<TUserStatus, string> = { Active: 'Ativo', Inactive: 'Inativo' };

/** One row of the partner users screen (spec 01 §3 "User"). lastAccess is ISO 8601 or null. */
export const ZUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  status: ZUserStatus,
  role: ZRole,
  permissions: z.array(ZUserPermission),
  companies: z.array(z.object({ id: z.uuid(), nomeFantasia: z.string() })),
  lastAccess: z.string().nullable(),
  partnerId: z.uuid().nullable(),
});
export type TUser = z.infer<typeof ZUser>;
export const ZUserList = z.array(ZUser);
export type TUserList = z.infer<typeof ZUserList>;

const nameRequired = 'Preencha o campo do nome!';
const ZUserName = z
  .string({ error: nameRequired })
  .trim()
  .min(1, { message: nameRequired, abort: true })
  .max(200, 'O nome deve ter no máximo 200 caracteres.');

const userFields = {
  name: ZUserName,
  email: ZUserEmail,
  role: z.enum(roles, { message: 'Função inválida.' }),
  permissions: z.array(ZUserPermission, { error: 'Permissão inválida.' }).optional(),
  /** Only Admin chooses it (required for non-Admin roles); partner staff always act in their own partner. */
  partnerId: z.uuid({ message: 'Parceiro inválido.' }).nullish(),
};

// POST /users (no password: the new user receives a set-password e-mail). permissions default to all five.
export const ZCreateUserBody = z.object({ ...userFields, status: ZUserStatus.default('Active') });
export type TCreateUserBody = z.input<typeof ZCreateUserBody>;

// PUT /users: status and permissions keep their current value when omitted.
export const ZUpdateUserBody = z.object({
  id: z.uuid({ message: 'Usuário inválido.' }),
  ...userFields,
  status: ZUserStatus.optional(),
});
export type TUpdateUserBody = z.input<typeof ZUpdateUserBody>;

// POST /members/{userId}/companies/{companyId}/add and DELETE …/delete
export const ZMemberCompanyParams = z.object({
  userId: z.uuid({ message: 'Usuário inválido.' }),
  companyId: z.uuid({ message: 'Empresa inválida!' }),
});
export type TMemberCompanyParams = z.infer<typeof ZMemberCompanyParams>;

export const userMessages = {
  companyAdded: 'Acesso à empresa concedido com sucesso!',
  companyRemoved: 'Acesso à empresa removido com sucesso!',
} as const;

// GET /users/dfe/temporaryAccessToken: token for the external fiscal-document product (5 minutes).
export const ZDfeAccessToken = z.object({ token: z.string(), url: z.string() });
export type TDfeAccessToken = z.infer<typeof ZDfeAccessToken>;
