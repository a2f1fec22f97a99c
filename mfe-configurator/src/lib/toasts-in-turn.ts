// Several toasts about one event (an upload's success and each file refused), shown one after another:
// the page shows one toast at a time (the shell's store keeps one), so raised together all but the
// last were replaced before anyone saw them.
import { toast, useShopStore } from 'shell/store';
import type { ToastInput } from '@shop/contracts';

/**
 * Raises the first toast now and each next one once the one before has closed (run out or dismissed).
 * The turn ends when another toast takes the place (a later action's), or when the returned function
 * is called (the page left).
 */
export function toastsInTurn(inputs: ToastInput[]): () => void {
  let next = 0;
  let shown = 0;
  let unsubscribe = () => {};
  const raiseNext = () => {
    if (next >= inputs.length) return unsubscribe();
    shown = toast(inputs[next++]!);
  };
  raiseNext();
  if (next >= inputs.length) return unsubscribe;
  unsubscribe = useShopStore.subscribe((state) => {
    const current = state.toasts.find((t) => t.id === shown);
    if (!current) unsubscribe();
    else if (!current.open) raiseNext();
  });
  return () => unsubscribe();
}
