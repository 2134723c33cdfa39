import { z } from 'zod';

export const roles = ['Admin', 'PartnerOwner', 'PartnerContributor', 'Member'] as const;
export const ZRole = z.enum(roles);
export type Role = z.infer<typeof ZRole>;

export const roleLabels: Record<Role, string> = {
  Admin: 'Administrador',
  PartnerOwner: 'Proprietário',
  PartnerContributor: 'Colaborador',
  Member: 'Usuário',
};

/** Display name of any role string; unknown roles read as 'Usuário' (spec 01 §3). */
export function getRoleLabel(role: string | null | undefined): string {
  return role && role in roleLabels ? roleLabels[role as Role] : 'Usuário';
}

/** Roles a creator may assign when creating or altering users (spec 01 §6). */
export const assignableRoles: Record<Role, readonly Role[]> = {
  Admin: roles,
  PartnerOwner: ['PartnerContributor', 'Member'],
  PartnerContributor: ['Member'],
  Member: [],
};

export function canAssignRole(creator: Role, target: Role): boolean {
  return assignableRoles[creator].includes(target);
}

// Kept zod-free in its own file so the web's first chunk (route guards) does not carry zod.
export { isPartnerRole } from './role-checks.js';

export const userPermissions = ['Create', 'Read', 'Delete', 'Import', 'Export'] as const;
export const ZUserPermission = z.enum(userPermissions);
export type UserPermission = z.infer<typeof ZUserPermission>;
export const userPermissionLabels: Record<UserPermission, string> = {
  Create: 'Gravar',
  Read: 'Visualizar',
  Delete: 'Deletar',
  Import: 'Importar',
  Export: 'Exportar',
};
