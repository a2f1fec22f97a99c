import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of the element the ref is put on, followed as it changes: a chart draws to the space it
 * has (its height is fixed, so nothing below it moves when the width is known).
 */
export function useWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || fallback);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width) || fallback);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return { ref, width };
}
