import * as Toast from '@radix-ui/react-toast';
import { useRef, type FocusEvent } from 'react';
import { createPortal } from 'react-dom';
import styled, { css, keyframes } from 'styled-components';
import { useShopStore } from '../../../store/session';
import {
  CloseIcon,
  TOASTS_ATTRIBUTE,
  TOASTS_BOTTOM_PROPERTY,
  TOASTS_TOP_PROPERTY,
  fromMedium,
  fromSmall,
  theme,
} from '@shop/ui';

/** docs/product.md section 9: shown for 5000 ms unless a toast asks otherwise; swipe right past 50 px dismisses. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

// Top of the screen on phones, just under the sticky header (theme.header), so the cart
// badge and the menu stay in sight; bottom-right, at most 420px wide, from medium screens up.
const Viewport = styled(Toast.Viewport)`
  position: fixed;
  top: ${theme.header.bottom};
  right: 0;
  left: 0;
  z-index: ${theme.layers.toasts};
  display: flex;
  flex-direction: column-reverse;
  gap: 0.5rem;
  width: 100%;
  max-height: calc(100vh - ${theme.header.bottom});
  margin: 0;
  padding: 1rem;
  list-style: none;
  outline: none;
  ${fromMedium} {
    top: auto;
    bottom: 0;
    left: auto;
    flex-direction: column;
    max-width: 420px;
  }
`;

const slideIn = keyframes`
  from { transform: translateY(-100%); opacity: 0; }
  to { transform: translateY(0); opacity: 1; }
`;
const slideInFromRight = keyframes`
  from { transform: translateX(calc(100% + 1rem)); }
  to { transform: translateX(0); }
`;
const swipeOut = keyframes`
  from { transform: translateX(var(--radix-toast-swipe-end-x)); }
  to { transform: translateX(calc(100% + 1rem)); }
`;

const Root = styled(Toast.Root)<{ $variant: 'default' | 'destructive' }>`
  position: relative;
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: 0.75rem;
  /* Room for the close button. */
  padding: 1rem 3.25rem 1rem 1.125rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  box-shadow: ${theme.shadowRaised};
  /* Clickable over an open dialog too, which turns pointer events off on the page's body. */
  pointer-events: auto;
  ${fromSmall} {
    padding-right: 2.75rem;
  }
  ${({ $variant }) =>
    $variant === 'destructive' &&
    css`
      border-color: ${theme.colors.danger};
      background: ${theme.colors.danger};
      color: #fff;
    `}
  &[data-state='open'] {
    animation: ${slideIn} 180ms ease-out;
  }
  ${fromMedium} {
    &[data-state='open'] {
      animation-name: ${slideInFromRight};
    }
  }
  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform 200ms ease-out;
  }
  &[data-swipe='end'] {
    animation: ${swipeOut} 120ms ease-out;
  }
`;

const Title = styled(Toast.Title)`
  font-weight: 700;
  font-size: 0.975rem;
`;

const Description = styled(Toast.Description)`
  margin-top: 0.125rem;
  font-size: 0.9rem;
  opacity: 0.92;
  white-space: pre-line;
`;

const Action = styled(Toast.Action)<{ $variant: 'default' | 'destructive' }>`
  min-height: 2.25rem;
  padding: 0 0.75rem;
  border: 1px solid
    ${({ $variant }) => ($variant === 'destructive' ? 'rgb(255 255 255 / 0.6)' : theme.colors.borderStrong)};
  border-radius: ${theme.radiusSmall};
  background: transparent;
  color: inherit;
  font-weight: 600;
  font-size: 0.875rem;
  cursor: pointer;
  &:hover {
    background: ${({ $variant }) => ($variant === 'destructive' ? 'rgb(255 255 255 / 0.12)' : theme.colors.sunken)};
  }
`;

const Close = styled(Toast.Close)`
  position: absolute;
  top: 0.25rem;
  right: 0.25rem;
  display: grid;
  place-items: center;
  /* A phone's touch target (44 px); compact from the small breakpoint up. */
  width: 2.75rem;
  height: 2.75rem;
  ${fromSmall} {
    top: 0.5rem;
    right: 0.5rem;
    width: 2rem;
    height: 2rem;
  }
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: inherit;
  opacity: 0.75;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    opacity: 1;
    background: rgb(127 127 127 / 0.15);
  }
`;

/**
 * Keeps TOASTS_BOTTOM_PROPERTY and TOASTS_TOP_PROPERTY on the page at the shown toast's end and
 * beginning (an open dialog keeps clear of it, ui/src/dialog.tsx: below it on a phone, above it from
 * medium screens up), and takes them off when no toast is shown. A ref callback of the viewport; the
 * toast's place changes with its size and with the screen's (a window made shorter moves a toast at
 * the bottom up).
 */
function publishToastsEdges(viewport: HTMLOListElement | null) {
  if (!viewport || typeof ResizeObserver === 'undefined') return;
  const root = document.documentElement;
  const clear = () => {
    root.style.removeProperty(TOASTS_BOTTOM_PROPERTY);
    root.style.removeProperty(TOASTS_TOP_PROPERTY);
  };
  const update = () => {
    if (viewport.childElementCount === 0) return clear();
    const box = viewport.getBoundingClientRect();
    const style = getComputedStyle(viewport);
    const bottom = box.bottom - parseFloat(style.paddingBottom);
    const top = box.top + parseFloat(style.paddingTop);
    root.style.setProperty(TOASTS_BOTTOM_PROPERTY, `${Math.ceil(bottom)}px`);
    root.style.setProperty(TOASTS_TOP_PROPERTY, `${Math.floor(top)}px`);
  };
  const observer = new ResizeObserver(update);
  observer.observe(viewport);
  window.addEventListener('resize', update);
  update();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', update);
    clear();
  };
}

/** Whether focus is in a dialog: an Escape pressed there closes the dialog, not the toast. */
const focusInDialog = () =>
  document.activeElement?.closest('[role="dialog"], [role="alertdialog"]') != null;

/**
 * The one toast viewport of the page. It renders useShopStore().toasts, so a toast() from the shell or
 * any remote appears here; the store keeps one at a time. Its box is a child of the body marked
 * TOASTS_ATTRIBUTE, so a toast shown over a dialog stays usable (@shop/ui's Dialog): clicked, reached
 * with F8 and read by screen readers; closing it puts focus back where it was before (in the dialog).
 */
export function Toaster() {
  const toasts = useShopStore((s) => s.toasts);
  const dismissToast = useShopStore((s) => s.dismissToast);
  const boxRef = useRef<HTMLDivElement>(null);
  // Where focus was before it entered the toasts (F8, a click on a toast's button).
  const focusBefore = useRef<HTMLElement | null>(null);
  const rememberFocus = (event: FocusEvent<HTMLDivElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from))
      focusBefore.current = from;
  };
  const dismiss = (id: number) => {
    if (useShopStore.getState().toasts.some((t) => t.id === id && t.open)) dismissToast(id);
    const before = focusBefore.current;
    if (boxRef.current?.contains(document.activeElement) && before?.isConnected) before.focus();
  };
  // A fresh provider per toast: Radix pauses the close timer while focus is in the viewport, and moves
  // focus there when a toast is closed with its button; once that toast is gone it stops listening for
  // focus leaving, so the next toast would stay paused for good. One toast at a time, so nothing is lost.
  const latestId = toasts[0]?.id ?? 0;
  return createPortal(
    <div
      ref={boxRef}
      {...{ [TOASTS_ATTRIBUTE]: '' }}
      onFocus={rememberFocus}
      // Escape pressed in the toasts closes the shown one. Radix's own Escape is skipped while a
      // remote's dialog is open: that dialog's copy of Radix sees the key first and marks it handled.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        for (const shown of useShopStore.getState().toasts) if (shown.open) dismiss(shown.id);
      }}
    >
      <Toast.Provider
        key={latestId}
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
        label="Notification"
      >
        {toasts.map(({ id, open, title, description, action, variant = 'default', duration }) => (
          <Root
            key={id}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismiss(id);
            }}
            onEscapeKeyDown={(event) => {
              if (focusInDialog()) event.preventDefault();
            }}
            duration={duration ?? TOAST_DURATION_MS}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            $variant={variant}
            data-variant={variant}
            data-testid="toast"
          >
            <div>
              <Title>{title}</Title>
              {description && <Description>{description}</Description>}
            </div>
            {action && (
              <Action altText={action.label} onClick={action.onClick} $variant={variant}>
                {action.label}
              </Action>
            )}
            <Close aria-label="Close">
              <CloseIcon size={16} />
            </Close>
          </Root>
        ))}
        <Viewport ref={publishToastsEdges} data-testid="toast-viewport" />
      </Toast.Provider>
    </div>,
    document.body,
  );
}
