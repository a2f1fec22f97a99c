import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a dialog from the first time it is opened on: its code (the dialog kit and its form) is
 * fetched on demand instead of with the page, then stays mounted so it closes as the kit closes it
 * (focus back to what opened it).
 */
export function OnFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
