export * from './common.js';
export * from './errors.js';
export * from './permissions.js';
export * from './roles.js';
