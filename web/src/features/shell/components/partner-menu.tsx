import { Menu, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../auth/lib/use-can';
import { filterOffered, partnerItems } from '../lib/menu-items';
import { NavItem } from './nav-item';

const SUBMENU_HIDE_MS = 1500;

interface PartnerMenuProps {
  pathname: string;
  onNavigate?: () => void;
}

/** Partner menu; 'Produtos' opens its sub-options beside it and hides them 1.5 s after the mouse leaves. */
export function PartnerMenu({ pathname, onNavigate }: PartnerMenuProps) {
  const { can } = useCan();
  return (
    <Stack gap={2} component="nav" aria-label="Menu do parceiro">
      {filterOffered(partnerItems, can).map((item) =>
        item.children ? (
          <Menu
            key={item.href}
            trigger="click-hover"
            openDelay={50}
            closeDelay={SUBMENU_HIDE_MS}
            position="right-start"
            offset={4}
            withinPortal
          >
            {/* The link itself is the target: aria-expanded on a wrapping div is not allowed (axe). */}
            <Menu.Target>
              <NavItem item={item} pathname={pathname} onNavigate={onNavigate} />
            </Menu.Target>
            <Menu.Dropdown>
              {item.children.map((child) => (
                <Menu.Item
                  key={child.href}
                  component={Link}
                  to={child.href}
                  onClick={onNavigate}
                  fw={pathname === child.href ? 700 : undefined}
                >
                  {child.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <NavItem key={item.href} item={item} pathname={pathname} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}
