import type * as Parsers from './parsers';

/** The parsers chunk (./parsers.ts), fetched once, the first time an answer needs parsing. */
let parsers: Promise<typeof Parsers> | undefined;
/** The chunk once it has arrived, for the synchronous parses (setCartAnswer). */
let loaded: typeof Parsers | undefined;

export function loadParsers(): Promise<typeof Parsers> {
  parsers ??= import(/* webpackChunkName: "store-parsers" */ './parsers').then((module) => {
    loaded = module;
    return module;
  });
  return parsers;
}

/** The parsers when already fetched (they are by the first cart answer), else undefined. */
export function loadedParsers(): typeof Parsers | undefined {
  return loaded;
}
