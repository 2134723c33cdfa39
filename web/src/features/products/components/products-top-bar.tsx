import { countOf } from '@app/contract';
import { ActionIcon, Badge, Button, Group, Menu, Title, Tooltip } from '@mantine/core';
import {
  IconCheckbox,
  IconCloudSearch,
  IconDotsVertical,
  IconFileExport,
  IconFileImport,
  IconFileInvoice,
  IconHeartbeat,
  IconListCheck,
  IconPlus,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { formatNumber } from '../../../components/ui/format';

export type UserPermissionCheck = (permission: 'Create' | 'Delete' | 'Import' | 'Export') => boolean;

interface Props {
  count: number;
  /** Label of the indicators-card filter in use, or null. */
  cardFilter: string | null;
  markedCount: number;
  isMarking: boolean;
  allows: UserPermissionCheck;
  onClearCardFilter: () => void;
  onAdd: () => void;
  onSearch: () => void;
  onRefresh: () => void;
  onToggleMarking: () => void;
  onOpenChecked: () => void;
  onImport: () => void;
  onExport: () => void;
  onHealth: () => void;
  onDocuments: () => void;
  /** The change check (GET /products/fiscalservice/consult): compares with the global base and applies. */
  onCheckChanges: () => void;
}

/** Top bar of the products home (spec 02 §2): add, search, refresh, other actions and the count. */
export function ProductsTopBar(p: Props) {
  return (
    <Group justify="space-between">
      <Group gap="xs">
        <Title order={1} size="h2">
          Meus Produtos
        </Title>
        <Badge variant="light" size="lg" data-testid="products-count">
          {countOf(p.count, 'produto', 'produtos')}
        </Badge>
        {p.cardFilter && (
          <Badge
            variant="outline"
            rightSection={
              <ActionIcon size="xs" variant="transparent" aria-label="Remover filtro" onClick={p.onClearCardFilter}>
                ×
              </ActionIcon>
            }
          >
            Filtro: {p.cardFilter}
          </Badge>
        )}
      </Group>
      <Group gap="xs">
        {p.allows('Create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={p.onAdd}>
            Adicionar
          </Button>
        )}
        <Button variant="light" leftSection={<IconSearch size={16} />} onClick={p.onSearch}>
          Pesquisar
        </Button>
        <Tooltip label="Atualizar">
          <ActionIcon variant="light" size="lg" aria-label="Atualizar" onClick={p.onRefresh}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" shadow="md">
          <Menu.Target>
            <ActionIcon variant="light" size="lg" aria-label="Outras ações">
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconCheckbox size={16} />} onClick={p.onToggleMarking}>
              {p.isMarking ? 'Desativar marcação de produtos' : 'Marcar produtos'}
            </Menu.Item>
            <Menu.Item leftSection={<IconListCheck size={16} />} onClick={p.onOpenChecked}>
              Produtos marcados ({formatNumber(p.markedCount)})
            </Menu.Item>
            {p.allows('Import') && (
              <Menu.Item leftSection={<IconFileImport size={16} />} onClick={p.onImport}>
                Importar produtos
              </Menu.Item>
            )}
            {p.allows('Export') && (
              <Menu.Item leftSection={<IconFileExport size={16} />} onClick={p.onExport}>
                Exportar produtos
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconCloudSearch size={16} />} onClick={p.onCheckChanges}>
              Consultar alterações da base global
            </Menu.Item>
            <Menu.Item leftSection={<IconHeartbeat size={16} />} onClick={p.onHealth}>
              Saúde fiscal do catálogo
            </Menu.Item>
            {p.allows('Import') && (
              <Menu.Item leftSection={<IconFileInvoice size={16} />} onClick={p.onDocuments}>
                Documentos fiscais
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
