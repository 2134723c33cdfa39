import { COMPANY_MESSAGES, type TCompany } from '@app/contract';
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useDeleteCompany } from '../api/delete-company';

interface Props {
  company: TCompany | null;
  onClose: () => void;
}

/**
 * Deleting a company removes all its data, so the user first retypes the razão social
 * (case-insensitive) and then confirms once more (spec 01 §5).
 */
export function DeleteCompanyDialog({ company, onClose }: Props) {
  const [typed, setTyped] = useState('');
  const deleteMutation = useDeleteCompany();

  useEffect(() => {
    if (company) setTyped('');
  }, [company]);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!company) return;
    if (typed.trim().toLowerCase() !== company.razaoSocial.trim().toLowerCase()) {
      notify('error', COMPANY_MESSAGES.deleteNameMismatch, 6000);
      return;
    }
    const target = company;
    onClose();
    modals.openConfirmModal({
      title: 'Aviso',
      children: <Text size="sm">{`Deseja realmente excluir a empresa ${target.razaoSocial} e todos seus dados?`}</Text>,
      labels: { confirm: 'Excluir', cancel: 'Voltar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteMutation.mutate(target.id, {
          onSuccess: (res) => notify('success', res?.message || COMPANY_MESSAGES.deleted),
        }),
    });
  }

  return (
    <Modal opened={!!company} onClose={onClose} title="Excluir Empresa">
      <form onSubmit={onSubmit} aria-label="Excluir Empresa">
        <Text size="sm" mb="sm">
          Para excluir a empresa <b>{company?.razaoSocial}</b>, digite a razão social abaixo.
        </Text>
        <TextInput
          label="Razão Social"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" color="red">
            Excluir
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
