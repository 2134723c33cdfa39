// The zod-free module, not the contract's barrel: guards are in the first chunk every page loads.
import { isPartnerRole } from '@app/contract/role-checks';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { getSession, hasSelectedCompany } from '../lib/session';
import { paths } from './paths';

/** No role → /login (spec 01 §2 guards). */
export function RoleGuard({ children }: { children: ReactNode }) {
  return getSession()?.role ? children : <Navigate to={paths.login} replace />;
}

/** Member routes other than the companies list need a selected company. */
export function CompanyGuard() {
  return hasSelectedCompany() ? <Outlet /> : <Navigate to={paths.member.companies} replace />;
}

/** Partner routes need Admin or a role containing Partner; others go to /member/home. */
export function PartnerGuard({ children }: { children: ReactNode }) {
  return isPartnerRole(getSession()?.role) ? children : <Navigate to={paths.member.home} replace />;
}

/**
 * The address the guards above end on for a visit to `pathname` (itself when they let it through), so
 * that a preload asks only for the chunks of the page that will show, never for those of a page a
 * guard leaves at once (a Member's bookmark of /member/home without a selected company).
 */
export function guardedPath(pathname: string): string {
  const role = getSession()?.role;
  if (!role) return paths.login;
  if (pathname.startsWith('/partner/') && !isPartnerRole(role)) return guardedPath(paths.member.home);
  const needsCompany = pathname.startsWith('/member/') && pathname !== paths.member.companies;
  return needsCompany && !hasSelectedCompany() ? paths.member.companies : pathname;
}
