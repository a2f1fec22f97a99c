import { useEffect, useState } from 'react';
import type { CodeType } from '@shop/contracts/asset-tags';
import type { CodeSymbol } from '@shop/contracts/label-codes';
import { loadOnce } from './load-once';

type Drawing = typeof import('@shop/contracts/label-code-drawing');

/**
 * The code drawing module (bwip-js), fetched the first time a code is drawn (a code chosen in the
 * configurator, an order line with a code on the order page): a page without codes never downloads it.
 * The app that imports this module bundles it as a chunk of its own.
 */
export const loadCodeDrawing = loadOnce<Drawing>(
  () => import(/* webpackChunkName: "code-drawing" */ '@shop/contracts/label-code-drawing'),
);

export interface CodeSymbols {
  /** Each value's symbol, once the drawing module is here; null while it loads or for a bad value. */
  symbolOf(value: string | null): CodeSymbol | null;
  ready: boolean;
  failed: boolean;
}

/**
 * bwip-js's drawings of a code type's values, for the label preview (the same drawing as the proof):
 * the configurator's and the order page's.
 */
export function useCodeSymbols(type: CodeType | null): CodeSymbols {
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!type || drawing) return;
    let current = true;
    loadCodeDrawing().then(
      (module) => current && setDrawing(module),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [type, drawing]);
  return {
    ready: drawing !== null,
    failed,
    symbolOf(value) {
      if (!drawing || !type || !value) return null;
      try {
        return drawing.drawCode(type, value);
      } catch {
        return null;
      }
    },
  };
}
