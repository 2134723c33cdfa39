export * from './calculate-nfe-item.js';
export * from './icms-checks.js';
export * from './icms-situation.js';
export * from './types.js';
