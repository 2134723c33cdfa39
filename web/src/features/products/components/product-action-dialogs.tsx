import { productMessages, type TProduct } from '@app/contract';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/notify';
import { FiscalRuleDetailsDialog } from '../../fiscal-rules/components/fiscal-rule-details-dialog';
import { AuditDecisionDialog } from '../../global-products/components/audit-decision-dialog';
import { BindCodeDialog } from '../../global-products/components/bind-code-dialog';
import { OperationsQueryDialog } from '../../operations/components/operations-query-dialog';
import { CreateTicketDialog } from '../../tickets/components/create-ticket-dialog';
import { useDeleteProduct } from '../api/delete-product';
import { useUnbindProduct } from '../api/unbind-product';
import type { CheckedProduct } from '../lib/checked-products';
import type { ProductAction } from '../lib/product-actions';
import { AuditDetailsDialog } from './audit-details-dialog';
import { BarcodeDialog } from './barcode-dialog';
import { LoadingPopup } from './loading-popup';
import { OccurrencesDialog } from './occurrences-dialog';

export interface ActiveAction {
  product: TProduct;
  action: ProductAction;
}

interface Props {
  active: ActiveAction | null;
  companyId: string;
  onChange: (next: ActiveAction | null) => void;
  /** After a delete or unbind: marks and caches of the product are dropped by the page. */
  onProductChanged: (product: TProduct) => void;
  /** Marked products: "bind code" binds them with the row's product (POST /products/bindinginbatch). */
  marked: CheckedProduct[];
  /** After a batch binding: the page clears the marks and reloads. */
  onBatchBound: () => void;
  onShowMarked: () => void;
}

const confirmMessages = {
  delete: 'ATENÇÃO! Deseja realmente excluir esse produto permanentemente?',
  unbind: 'Deseja realmente desvincular o código de integração desse produto?',
};

/** The dialogs behind the row actions; details and operations are the fiscal-rules issue's modals. */
export function ProductActionDialogs(props: Props) {
  const { active, companyId, onChange, onProductChanged, marked, onBatchBound, onShowMarked } = props;
  const deleteProduct = useDeleteProduct();
  const unbindProduct = useUnbindProduct();
  const [isBusy, setIsBusy] = useState(false);
  const close = () => onChange(null);
  const is = (a: ProductAction) => (active?.action === a ? active.product : null);

  useEffect(() => {
    if (!active) setIsBusy(false);
  }, [active]);

  const runConfirmed = async () => {
    if (!active) return;
    const { product, action } = active;
    close();
    setIsBusy(true);
    try {
      if (action === 'delete') {
        await deleteProduct.mutateAsync(product.id);
        notify('success', productMessages.deleted);
      } else {
        await unbindProduct.mutateAsync(product.id);
        notify('success', productMessages.unbound);
      }
      onProductChanged(product);
    } catch {
      // the api client already showed the server's message
    } finally {
      setIsBusy(false);
    }
  };

  const details = is('details');
  const operations = is('operations');
  const barcode = is('barcode');
  const occurrences = is('occurrences');
  const audit = is('audit');
  const bindRow = is('bind');
  const decide = is('decide');
  const bindSubjects = useMemo(
    () =>
      bindRow
        ? [bindRow, ...marked.filter((m) => m.id !== bindRow.id)].map((p) => ({
            id: p.id,
            description: p.description,
            companyId,
          }))
        : null,
    [bindRow, marked, companyId],
  );
  const ticket = is('ticket');
  const confirm = active && (active.action === 'delete' || active.action === 'unbind') ? active.action : null;
  return (
    <>
      <FiscalRuleDetailsDialog
        target={
          details
            ? {
                fiscalRuleId: details.fiscalRuleId,
                productId: details.id,
                productDescription: details.description,
                companyId,
              }
            : null
        }
        onClose={close}
        onOpenOperations={() => details && onChange({ product: details, action: 'operations' })}
      />
      <OperationsQueryDialog target={operations ? { companyId, productId: operations.id } : null} onClose={close} />
      <BarcodeDialog
        target={barcode?.gtin ? { gtin: barcode.gtin, description: barcode.description } : null}
        onClose={close}
      />
      <OccurrencesDialog target={occurrences ? { companyId, productId: occurrences.id } : null} onClose={close} />
      <AuditDetailsDialog
        target={audit ? { productId: audit.id, description: audit.description } : null}
        onClose={close}
      />
      <BindCodeDialog
        products={bindSubjects}
        onClose={close}
        onShowMarked={onShowMarked}
        onBound={({ count }) => {
          close();
          if (count > 1) onBatchBound();
          else if (bindRow) onProductChanged(bindRow);
        }}
      />
      <AuditDecisionDialog
        productId={decide?.id ?? null}
        onClose={close}
        onDecided={() => {
          close();
          if (decide) onProductChanged(decide);
        }}
      />
      <CreateTicketDialog opened={!!ticket} companyId={companyId} product={ticket} onClose={close} />
      <ConfirmDialog
        opened={!!confirm}
        title={confirm === 'unbind' ? 'Desvincular código' : 'Excluir produto'}
        message={confirm ? confirmMessages[confirm] : ''}
        confirmLabel={confirm === 'unbind' ? 'Desvincular' : 'Excluir'}
        confirmColor="red"
        onCancel={close}
        onConfirm={() => void runConfirmed()}
      />
      <LoadingPopup opened={isBusy} />
    </>
  );
}
