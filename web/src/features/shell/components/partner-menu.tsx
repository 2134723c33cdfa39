import { Menu, NavLink, Stack, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../auth/lib/use-can';
import { filterOffered, isItemActive, type MenuItem, partnerItems } from '../lib/menu-items';
import { NavItem } from './nav-item';

interface PartnerMenuProps {
  pathname: string;
  isRail?: boolean;
  onNavigate?: () => void;
}

/** Partner menu (spec 01 §2); 'Produtos' is a group whose sub-options open on a click and stay open. */
export function PartnerMenu({ pathname, isRail = false, onNavigate }: PartnerMenuProps) {
  const { can } = useCan();
  return (
    <Stack gap={2} component="nav" aria-label="Menu do parceiro">
      {filterOffered(partnerItems, can).map((item) =>
        item.children ? (
          isRail ? (
            <RailGroup key={item.href} item={item} pathname={pathname} onNavigate={onNavigate} />
          ) : (
            <ExpandedGroup key={item.href} item={item} pathname={pathname} onNavigate={onNavigate} />
          )
        ) : (
          <NavItem key={item.href} item={item} pathname={pathname} isRail={isRail} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}

interface GroupProps {
  item: MenuItem;
  pathname: string;
  onNavigate?: () => void;
}

/**
 * Issue 38: the sub-options used to open on hover and vanish 1.5 s after the pointer left (spec 01 §2), which a
 * keyboard or a slow hand could not use. A click (or Enter/Space) opens them under the group and they stay open
 * until clicked again; they start open on one of their own pages.
 */
function ExpandedGroup({ item, pathname, onNavigate }: GroupProps) {
  const isActive = isItemActive(item, pathname);
  const [isOpened, setOpened] = useState(isActive);
  const Icon = item.icon;
  const listId = `submenu-${item.href.replaceAll('/', '-')}`;
  return (
    <NavLink
      component="button"
      type="button"
      label={item.label}
      leftSection={<Icon size={18} />}
      active={isActive && !isOpened}
      opened={isOpened}
      onChange={setOpened}
      aria-expanded={isOpened}
      aria-controls={listId}
      childrenOffset={28}
    >
      <Stack gap={2} id={listId}>
        {item.children?.map((child) => (
          <NavLink
            key={child.href}
            component={Link}
            to={child.href}
            label={child.label}
            active={pathname === child.href}
            aria-current={pathname === child.href ? 'page' : undefined}
            onClick={onNavigate}
          />
        ))}
      </Stack>
    </NavLink>
  );
}

/** On the rail the sub-options open beside the icon on a click, and close on a choice, Escape or a click outside. */
function RailGroup({ item, pathname, onNavigate }: GroupProps) {
  const Icon = item.icon;
  return (
    <Menu trigger="click" position="right-start" offset={8} withinPortal>
      <Tooltip label={item.label} position="right">
        <Menu.Target>
          <NavLink
            component="button"
            type="button"
            aria-label={item.label}
            data-rail
            leftSection={<Icon size={18} />}
            active={isItemActive(item, pathname)}
          />
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Label>{item.label}</Menu.Label>
        {item.children?.map((child) => (
          <Menu.Item
            key={child.href}
            component={Link}
            to={child.href}
            onClick={onNavigate}
            fw={pathname === child.href ? 700 : undefined}
            aria-current={pathname === child.href ? 'page' : undefined}
          >
            {child.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
