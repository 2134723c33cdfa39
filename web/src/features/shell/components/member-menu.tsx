import { Stack } from '@mantine/core';
import { useCan } from '../../auth/lib/use-can';
import { filterOffered, memberCompanyItems, switchCompanyItem } from '../lib/menu-items';
import { NavItem } from './nav-item';

interface MemberMenuProps {
  hasCompany: boolean;
  pathname: string;
  onNavigate?: () => void;
}

export function MemberMenu({ hasCompany, pathname, onNavigate }: MemberMenuProps) {
  return (
    <Stack gap={2} component="nav" aria-label="Menu do usuário">
      {hasCompany ? <CompanyItems pathname={pathname} onNavigate={onNavigate} /> : null}
      <NavItem item={switchCompanyItem} pathname={pathname} onNavigate={onNavigate} />
    </Stack>
  );
}

/**
 * Rendered only with a selected company: that is when a Member's user permissions matter (Importar,
 * Exportar), so /users/me is asked only then and not on the companies list.
 */
function CompanyItems({ pathname, onNavigate }: Omit<MemberMenuProps, 'hasCompany'>) {
  const { can } = useCan();
  return filterOffered(memberCompanyItems, can).map((item) => (
    <NavItem key={item.href} item={item} pathname={pathname} onNavigate={onNavigate} />
  ));
}
