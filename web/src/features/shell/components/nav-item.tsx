import { NavLink } from '@mantine/core';
import { Link } from 'react-router';
import { isItemActive, type MenuItem } from '../lib/menu-items';

export function NavItem({ item, pathname, onNavigate }: { item: MenuItem; pathname: string; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.href}
      label={item.label}
      leftSection={<Icon size={18} />}
      active={isItemActive(item, pathname)}
      onClick={onNavigate}
    />
  );
}
