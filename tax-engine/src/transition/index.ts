export * from './calculate-transition.js';
