export * from './cbs-ibs.js';
export * from './decimal.js';
export * from './difal.js';
export * from './interstate-rate.js';
export * from './mva.js';
export * from './nfe-item/index.js';
export * from './operation-codes.js';
export * from './st-calculator.js';
