/** A company the screen can act on: fixed for a Member (the selected one), chosen by partner staff. */
export interface CompanyOption {
  value: string;
  label: string;
}
