import { NavLink, Tooltip } from '@mantine/core';
import type { ComponentPropsWithoutRef, MouseEvent, Ref } from 'react';
import { Link } from 'react-router';
import { isItemActive, type MenuItem } from '../lib/menu-items';

interface NavItemProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href' | 'onChange' | 'onClick'> {
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  item: MenuItem;
  pathname: string;
  onNavigate?: () => void;
  /** The side bar is a rail: the icon alone, its label as tooltip and accessible name. */
  isRail?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function NavItem({ item, pathname, onNavigate, isRail = false, ref, onClick, ...rest }: NavItemProps) {
  const Icon = item.icon;
  const link = (
    <NavLink
      {...rest}
      ref={ref}
      component={Link}
      to={item.href}
      label={isRail ? undefined : item.label}
      aria-label={isRail ? item.label : undefined}
      data-rail={isRail || undefined}
      leftSection={<Icon size={18} />}
      active={isItemActive(item, pathname)}
      onClick={(e) => {
        onClick?.(e);
        onNavigate?.();
      }}
    />
  );
  return isRail ? (
    <Tooltip label={item.label} position="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}
