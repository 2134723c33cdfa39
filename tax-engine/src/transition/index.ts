export * from './calculate-transition.js';
export * from './simples-das.js';
export * from './transition-burden.js';
