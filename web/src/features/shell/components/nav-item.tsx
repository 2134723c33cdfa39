import { NavLink } from '@mantine/core';
import type { ComponentPropsWithoutRef, MouseEvent, Ref } from 'react';
import { Link } from 'react-router';
import { isItemActive, type MenuItem } from '../lib/menu-items';

interface NavItemProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href' | 'onChange' | 'onClick'> {
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  item: MenuItem;
  pathname: string;
  onNavigate?: () => void;
  /** Set when the link is a menu's target: the menu puts its aria-expanded and handlers on the link itself. */
  ref?: Ref<HTMLAnchorElement>;
}

export function NavItem({ item, pathname, onNavigate, ref, onClick, ...rest }: NavItemProps) {
  const Icon = item.icon;
  return (
    <NavLink
      {...rest}
      ref={ref}
      component={Link}
      to={item.href}
      label={item.label}
      leftSection={<Icon size={18} />}
      active={isItemActive(item, pathname)}
      onClick={(e) => {
        onClick?.(e);
        onNavigate?.();
      }}
    />
  );
}
