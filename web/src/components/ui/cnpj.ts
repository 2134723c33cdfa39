// The one CNPJ mask lives in the contract (numeric and alphanumeric CNPJs); screens import it from here.
export { formatCnpj, maskCnpj } from '@app/contract/cnpj';
