import * as RadixDialog from '@radix-ui/react-dialog';
import { useCallback, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { CloseIcon } from './icons';
import { fromMedium, theme } from './theme';
import { rememberOpener } from './return-focus';
import { TOASTS_ATTRIBUTE, TOASTS_BOTTOM_PROPERTY, TOASTS_TOP_PROPERTY } from './toasts';

// Above the shell's sticky header; toasts stay above dialogs (theme.layers.dialog). The overlay
// holds its dialog, so each dialog with its shade is one layer: one opened from another (Cancel
// order's confirmation, from the order's dialog) covers it, its shade included.
const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${theme.layers.dialog};
  background: rgb(15 23 42 / 0.55);
`;

function inToasts(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(`[${TOASTS_ATTRIBUTE}]`) !== null;
}

/**
 * Presses that began on a toast. Radix decides a press outside the dialog at the click that ends it,
 * when a toast closed by that click has already left the page (its target no longer in the toasts).
 */
const pressesOnToasts = new WeakSet<Event>();

/** Whether a Radix outside event (a press, a focus) came from the toasts. */
function fromToasts(event: CustomEvent<{ originalEvent: Event }>): boolean {
  return inToasts(event.target) || pressesOnToasts.has(event.detail.originalEvent);
}

/**
 * While a dialog is open: focus moving into a toast or out of it is kept from the dialog's focus trap
 * (Radix's, which would take it straight back), and the toasts are not hidden from screen readers
 * with the rest of the page. Registered in a layout effect, so before the trap's own listeners on the
 * document (Radix adds them in a passive effect), which stopImmediatePropagation then skips.
 */
function useToastsUsable(open: boolean) {
  useLayoutEffect(() => {
    if (!open) return;
    const keepFromTrap = (event: FocusEvent) => {
      const into = event.type === 'focusin' ? event.target : event.relatedTarget;
      if (inToasts(into)) event.stopImmediatePropagation();
    };
    const notePress = (event: PointerEvent) => {
      if (inToasts(event.target)) pressesOnToasts.add(event);
    };
    document.addEventListener('focusin', keepFromTrap);
    document.addEventListener('focusout', keepFromTrap);
    document.addEventListener('pointerdown', notePress, true);
    // Radix hides every other child of the body (aria-hidden) once the dialog is drawn; the toasts'
    // box, there or added later, is shown again.
    const boxes = `body > [${TOASTS_ATTRIBUTE}]`;
    const observer = new MutationObserver(() => {
      for (const box of document.querySelectorAll(boxes)) {
        box.removeAttribute('aria-hidden');
        observer.observe(box, { attributes: true, attributeFilter: ['aria-hidden'] });
      }
    });
    observer.observe(document.body, { childList: true });
    for (const box of document.querySelectorAll(boxes))
      observer.observe(box, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => {
      document.removeEventListener('focusin', keepFromTrap);
      document.removeEventListener('focusout', keepFromTrap);
      document.removeEventListener('pointerdown', notePress, true);
      observer.disconnect();
    };
  }, [open]);
}

const atEnd = (box: HTMLElement) => box.scrollTop + box.clientHeight >= box.scrollHeight - 1;

/**
 * Keeps what the shopper was at in sight when the dialog's size changes (it makes room for a toast,
 * TOASTS_TOP_PROPERTY and TOASTS_BOTTOM_PROPERTY): the control with focus, else its end when it was
 * scrolled to its end (its buttons, just pressed). A ref callback of the dialog's box.
 */
function keepInSight(box: HTMLDivElement | null) {
  if (!box || typeof ResizeObserver === 'undefined') return;
  let wasAtEnd = atEnd(box);
  const note = () => {
    wasAtEnd = atEnd(box);
  };
  const observer = new ResizeObserver(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== box && box.contains(focused))
      focused.scrollIntoView({ block: 'nearest' });
    else if (wasAtEnd) box.scrollTop = box.scrollHeight;
    note();
  });
  observer.observe(box);
  box.addEventListener('scroll', note, { passive: true });
  return () => {
    observer.disconnect();
    box.removeEventListener('scroll', note);
  };
}

// Phones: at the bottom of the screen, no higher than the toast's end. From medium screens up, where
// toasts show at the bottom right: centred in the screen above the toast's beginning (the whole
// screen when no toast is shown), so its buttons are never under the toast.
const Content = styled(RadixDialog.Content)<{ $width: string }>`
  position: fixed;
  bottom: 0.75rem;
  left: 50%;
  transform: translateX(-50%);
  width: min(${({ $width }) => $width}, calc(100vw - 1.5rem));
  max-height: calc(100dvh - 0.75rem - max(0.75rem, var(${TOASTS_BOTTOM_PROPERTY}, 0px) + 0.5rem));
  ${fromMedium} {
    --above-toasts: min(100dvh, var(${TOASTS_TOP_PROPERTY}, 100dvh) + 0.25rem);
    top: calc(var(--above-toasts) / 2);
    bottom: auto;
    transform: translate(-50%, -50%);
    max-height: calc(var(--above-toasts) - 1.5rem);
  }
  overflow: auto;
  padding: 1.5rem 1.25rem;
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  box-shadow: ${theme.shadowRaised};
  &:focus {
    outline: none;
  }
  @media (min-width: 480px) {
    padding: 1.75rem;
  }
`;

// The right margin keeps the title clear of the close button; a word too long for the line (an
// email address on a phone) is broken rather than run under it.
export const DialogTitle = styled(RadixDialog.Title)`
  margin: 0 2.5rem 0.375rem 0;
  overflow-wrap: anywhere;
  font-size: 1.3rem;
  line-height: 1.25;
  color: ${theme.colors.brand};
`;

export const DialogDescription = styled(RadixDialog.Description)`
  margin: 0 0 1.25rem;
  color: ${theme.colors.muted};
  font-size: 0.95rem;
`;

const CloseButton = styled(RadixDialog.Close)`
  position: absolute;
  top: 0.875rem;
  right: 0.875rem;
  display: grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: ${theme.colors.muted};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.sunken};
    color: ${theme.colors.ink};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: 0.75rem;
  margin-top: 0.5rem;
  & > * {
    flex: 1 1 auto;
  }
  @media (min-width: 480px) {
    & > * {
      flex: 0 0 auto;
    }
  }
`;

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
  /** Widest the dialog gets on large screens. */
  width?: string;
  role?: 'dialog' | 'alertdialog';
  /**
   * Where focus goes on closing when the control that opened the dialog is no longer on the page
   * (an item of a menu that closed as it opened the dialog: the menu's button).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The first heading of a section still on the page (focusable for the moment), or the section. */
function placeNear(section: HTMLElement | null): HTMLElement | null {
  if (!section?.isConnected) return null;
  const place = section.querySelector<HTMLElement>('h1, h2, h3') ?? section;
  if (!place.hasAttribute('tabindex')) place.setAttribute('tabindex', '-1');
  return place;
}

/**
 * An accessible modal (Radix): focus is trapped inside and returns to the opener, Escape and the close
 * button close it, the rest of the page is hidden from screen readers while it is open (but for the
 * toasts, which stay usable: TOASTS_ATTRIBUTE). On opening,
 * focus goes to the element marked `data-autofocus` (the first field), else to the first control; on
 * closing, back to the control that opened it when that is still on the page (else `returnFocusTo`,
 * else the heading of the section the opener was in).
 */
export function Dialog({
  open,
  onOpenChange,
  children,
  width = '30rem',
  role,
  returnFocusTo,
}: DialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  // One callback for the dialog's life, so a render does not start keepInSight over.
  const contentBox = useCallback((box: HTMLDivElement | null) => {
    contentRef.current = box;
    const stop = keepInSight(box);
    return () => {
      stop?.();
      contentRef.current = null;
    };
  }, []);
  // Radix gives focus back to its own Trigger; these dialogs are opened from elsewhere (the shell's
  // header, a table row), so the element that had focus when one opened is kept and focused again.
  const openerRef = useRef<() => HTMLElement | null>(() => null);
  const sectionRef = useRef<HTMLElement | null>(null);
  // The last Escape this dialog's own layer was given (Radix gives it only to the top layer).
  const escapeSeenRef = useRef<Event | null>(null);
  useToastsUsable(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay>
          <Content
            ref={contentBox}
            $width={width}
            role={role ?? 'dialog'}
            // A click on a toast shown over the dialog, or an Escape pressed on it, is the toast's.
            onInteractOutside={(event) => {
              if (fromToasts(event)) event.preventDefault();
            }}
            onEscapeKeyDown={(event) => {
              escapeSeenRef.current = event;
              if (inToasts(event.target)) event.preventDefault();
            }}
            // A toast shown meanwhile, when its Radix copy is this dialog's (the shell's own dialogs),
            // is the top layer and would take the Escape; the toaster leaves an Escape pressed in a
            // dialog alone, and the dialog closes. A layer inside the dialog keeps its own Escape
            // (focus is then in it, outside the dialog's box).
            onKeyDown={(event) => {
              if (
                event.key === 'Escape' &&
                escapeSeenRef.current !== event.nativeEvent &&
                contentRef.current?.contains(event.target as Node)
              )
                onOpenChange(false);
            }}
            onOpenAutoFocus={(event) => {
              const active = document.activeElement;
              // An opener inside another dialog counts too (Cancel order's confirmation, opened from
              // the order's dialog): focus goes back to it when this one closes.
              const opener =
                active instanceof HTMLElement &&
                active !== document.body &&
                !contentRef.current?.contains(active)
                  ? active
                  : null;
              openerRef.current = rememberOpener(opener);
              sectionRef.current = opener?.closest<HTMLElement>('section, main') ?? null;
              const first = contentRef.current?.querySelector<HTMLElement>('[data-autofocus]');
              if (!first) return;
              event.preventDefault();
              first.focus();
            }}
            onCloseAutoFocus={(event) => {
              // An opener the dialog's action took away (a deleted row's Delete button): the place
              // the dialog was told, else the heading of the section it was in, so keyboard and
              // screen reader users keep their place.
              const target =
                openerRef.current() ??
                (returnFocusTo?.current?.isConnected ? returnFocusTo.current : null) ??
                placeNear(sectionRef.current);
              if (!target) return;
              event.preventDefault();
              target.focus();
            }}
          >
            {children}
            <CloseButton aria-label="Close">
              <CloseIcon />
            </CloseButton>
          </Content>
        </Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
