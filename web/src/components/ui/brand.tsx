import { Group, Image, Text } from '@mantine/core';
import { useDomainBranding } from '../../lib/branding';

/** White-label logo and display name of the current domain (spec 01 §1). */
export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  const branding = useDomainBranding();
  return (
    <Group gap="sm" wrap="nowrap" data-testid="brand">
      {branding.urlLogo ? <Image src={branding.urlLogo} alt="" h={32} w="auto" fit="contain" /> : null}
      <Text fw={700} size={size} data-testid="brand-name">
        {branding.displayName}
      </Text>
    </Group>
  );
}
