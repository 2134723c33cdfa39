import { Loader, Overlay } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIsSpinning } from '../../lib/spinner';

/**
 * Full-screen spinner while any request is in flight (spec 01 §7). It appears only after 150 ms
 * so quick calls do not flash the screen.
 */
export function GlobalSpinner() {
  const isSpinning = useIsSpinning();
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    if (!isSpinning) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(t);
  }, [isSpinning]);
  if (!isVisible) return null;
  return (
    <Overlay
      fixed
      zIndex={4000}
      backgroundOpacity={0.25}
      color="#000"
      center
      data-testid="global-spinner"
      aria-busy="true"
    >
      <Loader size="lg" />
    </Overlay>
  );
}
