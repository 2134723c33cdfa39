import { productChangeEventLabels, type TProductChangeEvent } from '@app/contract/integrations';

/** The test message a new webhook receives (its `type` in the payload). */
const TEST_EVENT = 'webhook.test';

/**
 * An event as the screen names it, in Portuguese (issue 38): the ERP's developer reads the technical name in the
 * integration guide and in the payload's `type`, the person on the screen does not need it.
 */
export function eventLabel(event: string): string {
  if (event === TEST_EVENT) return 'Entrega de teste';
  return productChangeEventLabels[event as TProductChangeEvent] ?? event;
}
