// Each area adds its tables in its own file and re-exports it here.

export * from './catalogue.js';
export * from './classifying.js';
export * from './documents.js';
export * from './documents-worklist.js';
export * from './fiscal-rules.js';
export * from './foundation.js';
export * from './integrations.js';
export * from './oversight.js';
export * from './product-bindings.js';
export * from './products.js';
export * from './reference.js';
export * from './st-agreements.js';
export * from './tax.js';
export * from './tickets.js';
export * from './transition.js';
