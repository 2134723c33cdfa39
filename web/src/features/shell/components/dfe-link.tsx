import { NavLink, Tooltip } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { openDfeProduct } from '../api/get-dfe-token';

const LABEL = 'Emissor DF-e';
const DESCRIPTION = 'Abre em uma nova aba';

/** Opens the electronic fiscal document product in a new tab with a temporary token (spec 01 §1). */
export function DfeLink({ isCompact = false }: { isCompact?: boolean }) {
  const [isOpening, setOpening] = useState(false);
  const onClick = async () => {
    setOpening(true);
    try {
      await openDfeProduct();
    } finally {
      setOpening(false);
    }
  };
  const link = (
    <NavLink
      component="button"
      label={isCompact ? undefined : LABEL}
      description={isCompact ? undefined : DESCRIPTION}
      aria-label={isCompact ? `${LABEL} (${DESCRIPTION.toLowerCase()})` : undefined}
      leftSection={<IconFileInvoice size={18} />}
      disabled={isOpening}
      onClick={onClick}
      data-rail={isCompact || undefined}
    />
  );
  return isCompact ? (
    <Tooltip label={`${LABEL}: ${DESCRIPTION.toLowerCase()}`} position="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}
