import { loadOnce } from '@shop/ui';

/** The parsers chunk (./parsers.ts), fetched once, the first time an answer needs parsing. */
export const loadParsers = loadOnce(
  () => import(/* webpackChunkName: "store-parsers" */ './parsers'),
);

/** The parsers when already fetched (they are by the first cart answer), else undefined. */
export function loadedParsers() {
  return loadParsers.loaded();
}
