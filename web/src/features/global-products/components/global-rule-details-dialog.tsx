import { Alert, Modal, Skeleton } from '@mantine/core';
import { ApiError } from '../../../lib/api-client';
import { DetailsTabs } from '../../fiscal-rules/components/fiscal-rule-details-dialog';
import { type IntegratorDetailsKey, useIntegratorDetails } from '../api/get-integrator-products';

interface Props {
  /** The global product (its code and description) and the UF whose rule is shown; null = closed. */
  target: (IntegratorDetailsKey & { description: string }) | null;
  onClose: () => void;
}

/**
 * Fiscal-rule details modal of a global product, titled with the product's description (spec 02 §2):
 * the rule it takes in the UF, through GET /products/globalintegratordetails.
 */
export function GlobalRuleDetailsDialog({ target, onClose }: Props) {
  const { description, ...key } = target ?? { description: '' };
  const details = useIntegratorDetails(target ? (key as IntegratorDetailsKey) : null);
  return (
    <Modal opened={!!target} onClose={onClose} size="xl" title={description}>
      {details.isError ? (
        <Alert color="yellow">
          {details.error instanceof ApiError ? details.error.message : 'Não foi possível carregar a regra fiscal.'}
        </Alert>
      ) : details.isLoading || !details.data ? (
        <Skeleton height={220} />
      ) : (
        <DetailsTabs details={details.data} />
      )}
    </Modal>
  );
}
