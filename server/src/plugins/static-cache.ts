import type { FastifyStaticOptions } from '@fastify/static';

/** Build outputs whose name carries a content hash (Vite: name-<hash>.js, and its .br/.gz): their bytes never change. */
const isHashedAsset = (filePath: string) => /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.[\w.]+$/.test(filePath);

/**
 * How the built SPA is served (issue 13, decision 022): the build writes .br/.gz beside each asset and
 * `preCompressed` sends the best one the browser accepts; hashed assets are cached for a year as
 * immutable (a new build has new names), anything else — index.html above all — is revalidated on every
 * load so a deploy is seen at once.
 */
export const spaStaticOptions: Pick<FastifyStaticOptions, 'preCompressed' | 'cacheControl' | 'setHeaders'> = {
  preCompressed: true,
  cacheControl: false,
  setHeaders(res, filePath) {
    res.setHeader('cache-control', isHashedAsset(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
};
