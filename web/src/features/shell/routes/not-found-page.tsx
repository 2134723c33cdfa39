import { Button, Center, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Center h="100vh">
      <Stack align="center">
        <Title order={1}>404</Title>
        <Title order={2}>Página não encontrada</Title>
        <Button onClick={() => navigate(paths.login)}>Ir para o login</Button>
      </Stack>
    </Center>
  );
}
