import { useEffect, useRef, type FocusEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { fromLarge, theme } from '@shop/ui';

/** Below the shell's sticky header, with a small gap. */
const HEADER_CLEARANCE = `calc(${theme.header.bottom} + 0.5rem)`;

// The preview stays in view while the shopper picks the colours, the mounting and the codes and
// types the text, on a phone as on a desktop: it pins under the header through the steps that
// change it, and leaves with them.
const Dock = styled.section`
  position: sticky;
  top: ${HEADER_CLEARANCE};
  z-index: ${theme.layers.stickyBar};
  display: grid;
  gap: 0.5rem;
  padding: 0.5rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  box-shadow: 0 6px 16px rgb(15 23 42 / 0.12);
  ${fromLarge} {
    padding: 0.75rem;
  }
  /* A phone on its side has too little height to give the preview: it stays in the flow. */
  @media (max-height: 30rem) {
    position: static;
  }
`;

/**
 * Sets `property` on the element's parent to the element's height: the pinned preview's
 * (`--preview-dock`) and the phone's price bar's (`--price-bar`), so fields scrolled into view (focus,
 * an error's jump) land clear of both rather than under them.
 */
export function usePinnedHeight(property: '--preview-dock' | '--price-bar') {
  const pinned = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = pinned.current;
    const parent = element?.parentElement;
    if (!element || !parent || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      parent.style.setProperty(property, `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      parent.style.removeProperty(property);
    };
  }, [property]);
  return pinned;
}

/** The label's preview, pinned under the header while the steps below it are on screen. */
export function PreviewDock({ children }: { children: ReactNode }) {
  const dock = usePinnedHeight('--preview-dock');
  return (
    <Dock ref={dock} aria-label="Label preview">
      {children}
    </Dock>
  );
}

/**
 * For the steps' container's focusin: a control drawn by its label (a choice card's radio, the
 * upload's file input: 1 px and visually hidden) brings its label into view, so the card the keyboard
 * is on clears the preview and the phone's price bar as a visible control does.
 */
export function showFocusedLabel(event: FocusEvent<HTMLElement>): void {
  const control = event.target;
  if (!(control instanceof HTMLInputElement) || control.offsetWidth > 1) return;
  (control.labels?.[0] ?? control.closest('label'))?.scrollIntoView({ block: 'nearest' });
}

/**
 * For the steps' container: a control brought into view (focus, an error's jump, a tap that scrolls)
 * clears the header and the pinned preview above it (html's own scroll-padding only clears the
 * header) and, on a phone, the price bar pinned below it (price-bar.tsx).
 */
export const clearsPreviewDock = `
  :is(input, textarea, select, button, label, a, [tabindex]) {
    scroll-margin-top: calc(${HEADER_CLEARANCE} + var(--preview-dock, 0px) + 0.75rem);
    scroll-margin-bottom: calc(var(--price-bar, 6rem) + 0.5rem);
    ${fromLarge} {
      scroll-margin-bottom: 0.75rem;
    }
  }
`;
