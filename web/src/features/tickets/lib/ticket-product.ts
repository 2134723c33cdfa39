/** The product a ticket is about, as the create modal needs it (from a products row or the picker). */
export interface TicketProduct {
  id: string;
  internalCode: string;
  description: string;
  gtin: string | null;
}
