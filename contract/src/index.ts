export * from './common.js';
export * from './errors.js';
export * from './permissions.js';
export * from './roles.js';
export * from './cnpj.js';
export * from './companies.js';
