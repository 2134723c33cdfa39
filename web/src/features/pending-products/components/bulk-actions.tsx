import { Badge, Button, Group } from '@mantine/core';
import { IconDatabasePlus, IconFileImport, IconLink, IconListCheck, IconTrash, IconX } from '@tabler/icons-react';
import { formatNumber } from '../../../components/ui/format';

interface Props {
  count: number;
  onLinkGlobal: () => void;
  onLinkRule: () => void;
  onCreateGlobal: () => void;
  onImport: () => void;
  onClear: () => void;
  onDelete: () => void;
}

/**
 * The screen's bulk actions over the checked products (spec 02 §2) and the global base's curation. The actions
 * over the checked products are disabled while none is checked (issue 38); importing the base needs none.
 */
export function BulkActions(p: Props) {
  const none = p.count === 0;
  return (
    <Group gap="xs" wrap="wrap">
      <Badge size="lg" variant="light" aria-label="Produtos marcados" tt="none">
        {p.count === 1 ? '1 marcado' : `${formatNumber(p.count)} marcados`}
      </Badge>
      <Button size="xs" variant="light" leftSection={<IconLink size={16} />} onClick={p.onLinkGlobal} disabled={none}>
        Vincular a um produto global
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconListCheck size={16} />}
        onClick={p.onLinkRule}
        disabled={none}
      >
        Vincular a uma regra nomeada
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDatabasePlus size={16} />}
        onClick={p.onCreateGlobal}
        disabled={none}
      >
        Cadastrar produto global
      </Button>
      <Button size="xs" variant="light" leftSection={<IconFileImport size={16} />} onClick={p.onImport}>
        Importar base global
      </Button>
      <Button size="xs" variant="default" leftSection={<IconX size={16} />} onClick={p.onClear} disabled={none}>
        Limpar seleção
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        onClick={p.onDelete}
        disabled={none}
      >
        Excluir produtos
      </Button>
    </Group>
  );
}
