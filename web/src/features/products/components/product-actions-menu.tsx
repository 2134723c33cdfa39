import { ActionIcon, Menu } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBarcode,
  IconDots,
  IconFileSearch,
  IconGavel,
  IconLink,
  IconLinkOff,
  IconListDetails,
  IconShieldSearch,
  IconTicket,
  IconTrash,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { type ProductAction, productActionLabels } from '../lib/product-actions';

const icons: Record<ProductAction, ComponentType<{ size?: number }>> = {
  details: IconListDetails,
  operations: IconFileSearch,
  unbind: IconLinkOff,
  occurrences: IconAlertTriangle,
  bind: IconLink,
  barcode: IconBarcode,
  delete: IconTrash,
  decide: IconGavel,
  audit: IconShieldSearch,
  ticket: IconTicket,
};

interface Props {
  productCode: string;
  actions: ProductAction[];
  onAction: (action: ProductAction) => void;
}

/** Row actions menu: only the actions spec 02 §6 allows for the product's status and the role. */
export function ProductActionsMenu({ productCode, actions, onAction }: Props) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Ações do produto ${productCode}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => {
          const Icon = icons[a];
          return (
            <Menu.Item
              key={a}
              color={a === 'delete' ? 'red' : undefined}
              leftSection={<Icon size={16} />}
              onClick={() => onAction(a)}
            >
              {productActionLabels[a]}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
