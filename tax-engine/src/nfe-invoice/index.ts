export * from './calculate-nfe.js';
export * from './totals.js';
export * from './types.js';
