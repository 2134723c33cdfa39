import { z } from 'zod';
import { ZRole, ZUserPermission } from './roles.js';

/** Password rule of the platform (server-design.md "Identity"): at least 8 characters. */
export const passwordMinLength = 8;
export const passwordMinLengthMessage = `A senha deve ter pelo menos ${passwordMinLength} caracteres.`;

/** Set-password link path: `/login/{uuid}` = 43 characters (spec 01 §2 and §9). */
export const resetLinkPath = (resetId: string) => `/login/${resetId}`;

const emailRequired = 'Preencha o campo do e-mail!';

/**
 * E-mail as the platform stores it: trimmed and lower-cased. Only "something@something" is
 * required, because the first Admin may be `admin@localhost`.
 */
export const ZUserEmail = z
  .string({ error: emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { message: emailRequired, abort: true })
  .max(254, 'O e-mail deve ter no máximo 254 caracteres.')
  .regex(/^[^\s@]+@[^\s@]+$/, 'E-mail inválido.');

export const ZPassword = z
  .string({ error: passwordMinLengthMessage })
  .min(passwordMinLength, passwordMinLengthMessage)
  .max(200, 'A senha deve ter no máximo 200 caracteres.');

// POST /users/check
export const ZCheckUserBody = z.object({ email: ZUserEmail });
export type TCheckUserBody = z.infer<typeof ZCheckUserBody>;
/** For an unknown e-mail only `{exist: false, hasPassword: false}` comes back. */
export const ZCheckUserResult = z.object({
  exist: z.boolean(),
  name: z.string().optional(),
  role: ZRole.optional(),
  hasPassword: z.boolean(),
});
export type TCheckUserResult = z.infer<typeof ZCheckUserResult>;

// POST /users/signin
const ZCoordinate = z.number({ error: 'Coordenada inválida.' }).finite().nullish();
export const ZSignInBody = z.object({
  email: ZUserEmail,
  // Empty or missing passwords read as a wrong password (spec 01 §5).
  password: z.string({ error: 'Senha incorreta!' }).max(1024, 'Senha incorreta!'),
  locationX: ZCoordinate,
  locationY: ZCoordinate,
});
export type TSignInBody = z.infer<typeof ZSignInBody>;
export const ZSignInResult = z.object({ name: z.string(), role: ZRole, token: z.string() });
export type TSignInResult = z.infer<typeof ZSignInResult>;

// GET /users/me
export const ZCurrentUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  partnerId: z.uuid().nullable(),
  permissions: z.array(ZUserPermission),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

// POST /users/reset-password
export const ZResetPasswordBody = z.object({ email: ZUserEmail });
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

// POST /users/setpassword: the reset id of the link when present, else the e-mail (spec 01 §5).
export const ZSetPasswordBody = z
  .object({
    password: ZPassword,
    passwordResetId: z.string().trim().min(1).max(100).optional(),
    email: ZUserEmail.optional(),
  })
  .refine((v) => v.passwordResetId || v.email, {
    message: 'Informe o link de cadastro de senha ou o e-mail.',
    path: ['passwordResetId'],
  });
export type TSetPasswordBody = z.infer<typeof ZSetPasswordBody>;

// GET /users/setpassword/{passwordResetId}: whom the set-password page greets (spec 01 "Olá, {name}").
export const ZPasswordResetParam = z.object({ passwordResetId: z.string().trim().min(1).max(100) });
export const ZPasswordResetOwner = z.object({ name: z.string() });
export type TPasswordResetOwner = z.infer<typeof ZPasswordResetOwner>;

export const identityMessages = {
  resetEmailSent: 'Enviamos um e-mail com o link para cadastrar sua senha.',
  setPasswordLinkSent: 'Enviamos um link para o seu e-mail para cadastrar a senha.',
  passwordSet: 'Senha cadastrada com sucesso!',
  signedOut: 'Sessão encerrada.',
} as const;
