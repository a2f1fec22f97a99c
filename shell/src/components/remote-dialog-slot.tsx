import {
  Component,
  lazy,
  Suspense,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { rememberOpener } from '@shop/ui/return-focus';
import { loadRemoteComponent } from '../lib/remotes';

// The shell's own dialog (loading, unavailable) is downloaded only when a remote dialog is first opened.
const MessageDialog = lazy(() =>
  import('./message-dialog').then((m) => ({ default: m.MessageDialog })),
);

/** What the shell passes to a dialog a remote exposes (account/AuthDialog, account/ChangePasswordDialog). */
export interface RemoteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

interface BoundaryProps extends RemoteDialogProps {
  unavailableTitle: string;
  unavailableText: string;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Called when the fallback is closed, so the next opening tries the remote again. */
  onReset(): void;
  children: ReactNode;
}

class DialogBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.unavailableTitle}`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { open, onOpenChange, unavailableTitle, unavailableText, returnFocusTo, onReset } =
      this.props;
    return (
      <Suspense fallback={null}>
        <MessageDialog
          open={open}
          returnFocusTo={returnFocusTo}
          title={unavailableTitle}
          description={unavailableText}
          onOpenChange={(next) => {
            onOpenChange(next);
            if (!next) onReset();
          }}
        />
      </Suspense>
    );
  }
}

interface RemoteDialogSlotProps extends RemoteDialogProps {
  /** Federated module id, such as `account/AuthDialog`. */
  module: string;
  /** Shown in a dialog of the shell's own when the remote cannot be loaded. */
  unavailableTitle: string;
  unavailableText: string;
  /**
   * Where focus goes when the dialog closes and what opened it is gone (the account menu's item:
   * the menu's button).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  props?: Record<string, unknown>;
}

/**
 * A dialog owned by a remote, fetched only when first opened. While it loads, the shopper sees a
 * loading dialog; if its remote is down, a dialog saying so. The header around it keeps working.
 */
/**
 * Gives focus back to what opened the dialog (the header's Sign In, a remote's button) once it closes.
 * Radix does this itself only for a dialog mounted before it opened; a remote's dialog mounts after
 * its loading dialog, which by then holds the focus.
 */
function useReturnFocus(open: boolean, returnFocusTo?: RefObject<HTMLElement | null>) {
  const opener = useRef<(() => HTMLElement | null) | null>(null);
  useLayoutEffect(() => {
    if (open) {
      // Layout effects run before the dialogs' own focus handling: this is still the opener.
      const active = document.activeElement;
      opener.current = rememberOpener(
        active instanceof HTMLElement && active !== document.body ? active : null,
      );
      return;
    }
    const place = opener.current;
    opener.current = null;
    if (!place) return;
    const frame = requestAnimationFrame(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      const fallback = returnFocusTo?.current?.isConnected ? returnFocusTo.current : null;
      if (lost) (place() ?? fallback)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open, returnFocusTo]);
}

export function RemoteDialogSlot({
  module,
  open,
  onOpenChange,
  unavailableTitle,
  unavailableText,
  returnFocusTo,
  props = {},
}: RemoteDialogSlotProps) {
  const [requested, setRequested] = useState(open);
  const [attempt, setAttempt] = useState(0);
  if (open && !requested) setRequested(true);
  useReturnFocus(open, returnFocusTo);
  // A new lazy component per attempt: React.lazy remembers a failed load for good.
  const RemoteDialog = useMemo(
    () => lazy(() => loadRemoteComponent<RemoteDialogProps & Record<string, unknown>>(module)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [module, attempt],
  );
  if (!requested) return null;
  return (
    <DialogBoundary
      key={attempt}
      open={open}
      onOpenChange={onOpenChange}
      unavailableTitle={unavailableTitle}
      unavailableText={unavailableText}
      returnFocusTo={returnFocusTo}
      onReset={() => setAttempt((n) => n + 1)}
    >
      <Suspense
        fallback={
          <Suspense fallback={null}>
            <MessageDialog
              open={open}
              onOpenChange={onOpenChange}
              returnFocusTo={returnFocusTo}
              title="Loading…"
              description="One moment, please."
            />
          </Suspense>
        }
      >
        <RemoteDialog {...props} open={open} onOpenChange={onOpenChange} />
      </Suspense>
    </DialogBoundary>
  );
}
