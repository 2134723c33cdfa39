export * from './agreement-mva.js';
export * from './find-st-agreement.js';
