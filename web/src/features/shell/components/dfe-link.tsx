import { NavLink } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { openDfeProduct } from '../api/get-dfe-token';

/** Opens the electronic fiscal document product in a new tab with a temporary token (spec 01 §1). */
export function DfeLink() {
  const [isOpening, setOpening] = useState(false);
  const onClick = async () => {
    setOpening(true);
    try {
      await openDfeProduct();
    } finally {
      setOpening(false);
    }
  };
  return (
    <NavLink
      component="button"
      label="Emissor DF-e"
      description="Abre em uma nova aba"
      leftSection={<IconFileInvoice size={18} />}
      disabled={isOpening}
      onClick={onClick}
    />
  );
}
