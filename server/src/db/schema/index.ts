// Each area adds its tables in its own file and re-exports it here.
export * from './foundation.js';
