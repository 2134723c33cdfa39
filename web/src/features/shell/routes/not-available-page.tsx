import { Center, Stack, Text, Title } from '@mantine/core';

/** Screens that later issues fill in. */
export function NotAvailablePage({ title }: { title: string }) {
  return (
    <Center h="60vh">
      <Stack align="center" gap="xs">
        <Title order={3}>{title}</Title>
        <Text c="dimmed">Esta tela ainda não está disponível.</Text>
      </Stack>
    </Center>
  );
}
