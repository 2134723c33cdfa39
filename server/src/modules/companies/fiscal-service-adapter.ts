import type { CompanyRow } from '../../lib/company-access.js';

/**
 * A fiscal service (integrator) a company's products are classified through. Each company names
 * its adapter in `fiscal_service`; a future external integrator plugs in here with its own
 * credential check, without touching the routes or the service.
 */
export interface FiscalServiceAdapter {
  readonly name: string;
  /** True when the company has a usable, active account at this integrator. */
  verifyCredentials(company: CompanyRow): Promise<boolean>;
}

/**
 * The built-in integrator is our own global product base, so there are no external credentials
 * to test. The account it gives a company is live only when the company is Active (Pending means
 * not yet released, Blocked means cut off) and points at production: a Homolog company is a test
 * set-up whose account is not considered active.
 */
export const builtinFiscalService: FiscalServiceAdapter = {
  name: 'Builtin',
  async verifyCredentials(company) {
    return company.status === 'Active' && company.environment === 'Prod';
  },
};

const adapters = new Map<string, FiscalServiceAdapter>([[builtinFiscalService.name, builtinFiscalService]]);

/** The adapter a company names, or undefined when none is installed under that name. */
export function findFiscalServiceAdapter(name: string): FiscalServiceAdapter | undefined {
  return adapters.get(name);
}
