import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

/**
 * How the build groups modules into chunks (Rolldown's `output.codeSplitting`, Vite 8). Left to itself the
 * bundler makes one chunk per set of pages sharing a module: ~140 files, half of them under 1 KB (one icon,
 * one Mantine helper), and the products home asked for 94 of them over HTTP/1.1's six connections.
 * Grouped by area instead:
 * - the first chunk keeps what every page runs (the entry's own imports), untouched;
 * - `signin`: what the login page needs besides (its budget, e2e/first-load.spec.ts, counts these bytes);
 * - `ui`: the libraries of the signed-in pages (Mantine, icons, TanStack Query), `contract`: the shared
 *   schemas with zod and decimal.js, `shared`: web/src/components and lib;
 * - one chunk per feature area (web/src/features/<area>: its components, api and lib), while each page
 *   stays a chunk of its own, loaded when its route opens;
 * - libraries of one or two screens (charts, dates, barcodes) keep the default splitting, so no other
 *   page loads them.
 */
const src = fileURLToPath(new URL('./src/', import.meta.url));

const apart =
  /[\\/]node_modules[\\/](bwip-js|recharts|@mantine[\\/](charts|dates)|dayjs|d3-[a-z-]+|victory-vendor)[\\/]/;
const contract = /[\\/](contract|tax-engine)[\\/]src[\\/]|[\\/]node_modules[\\/](zod|decimal\.js)[\\/]/;

function groupOf(id: string, ctx: Rolldown.ChunkingContext): string | null {
  if (apart.test(id)) return null;
  // A page (a route's lazy import) stays its own chunk.
  if ((ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return null;
  if (contract.test(id)) return 'contract';
  if (/[\\/]node_modules[\\/]/.test(id)) return 'ui';
  const area = /[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1];
  if (area) return area;
  return id.startsWith(src) ? 'shared' : null;
}

export const codeSplitting: Rolldown.CodeSplittingOptions = {
  includeDependenciesRecursively: false,
  groups: [
    { name: 'initial', tags: ['$initial'], priority: 2 },
    { name: groupOf, priority: 1 },
  ],
};
