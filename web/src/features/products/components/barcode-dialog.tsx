import { displayGtin } from '@app/contract';
import { Alert, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { pickSymbology } from '../lib/barcode';

export interface BarcodeTarget {
  gtin: string;
  description: string;
}

/**
 * Barcode modal (spec 02 §2): the GTIN drawn by bwip-js as an SVG (EAN-13 for 13 digits, ITF-14 for
 * 14, EAN-8/UPC-A for the short ones). The generic build is loaded on demand: it is large and only
 * this modal needs it.
 */
export function BarcodeDialog({ target, onClose }: { target: BarcodeTarget | null; onClose: () => void }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const gtin = target?.gtin;
  const symbology = useMemo(() => pickSymbology(gtin), [gtin]);

  useEffect(() => {
    setSvg(null);
    setFailed(false);
    if (!symbology) return;
    let isCurrent = true;
    import('bwip-js/generic')
      .then((bwip) => {
        const out = bwip.toSVG({
          bcid: symbology.bcid,
          text: symbology.text,
          scale: 3,
          height: symbology.bcid === 'itf14' ? 14 : 22,
          includetext: true,
          textxalign: 'center',
          ...(symbology.bcid === 'itf14' ? { showborder: true, borderwidth: 4 } : {}),
        });
        if (isCurrent) setSvg(out);
      })
      .catch(() => {
        if (isCurrent) setFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [symbology]);

  return (
    <Modal opened={!!target} onClose={onClose} title="Código de barras" centered>
      {target && (
        <Stack gap="xs" align="center" data-testid="barcode">
          <Text size="sm" ta="center">
            {target.description}
          </Text>
          {!symbology || failed ? (
            <Alert color="yellow" w="100%">
              Não foi possível gerar o código de barras do GTIN {displayGtin(target.gtin)}.
            </Alert>
          ) : svg ? (
            <>
              <Image
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
                alt={`Código de barras ${symbology.label} ${symbology.text}`}
                maw={360}
                data-symbology={symbology.bcid}
              />
              <Text size="xs" c="dimmed">
                {symbology.label}
              </Text>
            </>
          ) : (
            <Center h={120}>
              <Loader />
            </Center>
          )}
        </Stack>
      )}
    </Modal>
  );
}
