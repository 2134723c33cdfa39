/**
 * Error codes shared by server and web. The server maps each code to an HTTP status and a
 * pt-BR message (server/src/lib/app-error.ts); the web shows the message it receives.
 */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_FOUND',
  'PASSWORD_NOT_SET',
  'RESET_LINK_INVALID',
  'RESET_LINK_NOT_FOUND',
  'ROLE_NOT_ALLOWED',
  'EMAIL_TAKEN',
  'COMPANY_NOT_FOUND',
  'COMPANY_BLOCKED',
  'COMPANY_DOCUMENT_TAKEN',
  'COMPANY_ALREADY_LINKED',
  'USER_NOT_FOUND',
  'PARTNER_NOT_FOUND',
  'NO_DFE_ACCOUNT',
  'UPLOAD_REFUSED',
  'TEXT_INVALID',
  'ORIGIN_REFUSED',
] as const;
export type ErrorCode = (typeof errorCodes)[number] | (string & {});

/** Shape of every error reply (4xx/5xx). `errors` lists field-level problems of a 400. */
export interface ErrorBody {
  status: number;
  code: ErrorCode;
  detail: string;
  errors?: { field?: string; message: string }[];
}
