import { Stack } from '@mantine/core';
import { useCan } from '../../auth/lib/use-can';
import { filterOffered, memberCompanyItems, switchCompanyItem } from '../lib/menu-items';
import { NavItem } from './nav-item';

interface MemberMenuProps {
  hasCompany: boolean;
  pathname: string;
  isRail?: boolean;
  onNavigate?: () => void;
}

export function MemberMenu({ hasCompany, ...rest }: MemberMenuProps) {
  return (
    <Stack gap={2} component="nav" aria-label="Menu do usuário">
      {hasCompany ? <CompanyItems {...rest} /> : null}
      <NavItem item={switchCompanyItem} {...rest} />
    </Stack>
  );
}

/**
 * Rendered only with a selected company: that is when a Member's user permissions matter (Importar,
 * Exportar), so /users/me is asked only then and not on the companies list.
 */
function CompanyItems(props: Omit<MemberMenuProps, 'hasCompany'>) {
  const { can } = useCan();
  return filterOffered(memberCompanyItems, can).map((item) => <NavItem key={item.href} item={item} {...props} />);
}
