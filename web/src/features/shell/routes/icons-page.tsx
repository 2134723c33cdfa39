import { Container, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { appIcons } from '../lib/app-icons';

async function copyIconName(name: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(name);
    notify('success', `Nome do icone cópiado para a área de transferência: ${name}`);
  } catch {
    notify('error', 'Erro ao copiar texto');
  }
}

/** /icons: catalogue of the icons in use; clicking one copies its name (spec 01 §2). */
export default function IconsPage() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} size="h2" mb="lg">
        Ícones
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="md">
        {appIcons.map(({ name, icon: Icon }) => (
          <UnstyledButton
            key={name}
            onClick={() => copyIconName(name)}
            aria-label={name}
            p="md"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
              textAlign: 'center',
            }}
          >
            <Icon size={32} stroke={1.5} />
            <Text size="xs" mt={6} style={{ wordBreak: 'break-all' }}>
              {name}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Container>
  );
}
