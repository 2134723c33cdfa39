// Portuguese validation messages for every schema, before any schema is built (issue 15).
import './zod-locale.js';

export * from './catalogue-health.js';
export * from './classification.js';
export * from './classifying.js';
export * from './cnpj.js';
export * from './common.js';
export * from './companies.js';
export * from './errors.js';
export * from './fiscal-rules.js';
export * from './global-products.js';
export * from './gtin.js';
export * from './identity.js';
export * from './integrations.js';
export * from './operations.js';
export * from './oversight.js';
export * from './partners.js';
export * from './permissions.js';
export * from './products.js';
export * from './reference.js';
export * from './roles.js';
export * from './safe-text.js';
export * from './tax/index.js';
export * from './tax-calculate.js';
export * from './tickets.js';
export * from './users.js';
