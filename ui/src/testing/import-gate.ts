/**
 * A lazily imported module held behind a gate, for the tests that check a page draws before its
 * chunk has arrived. It imports nothing, so a test file can create it inside `vi.hoisted`:
 *
 *   const schemas = await vi.hoisted(async () =>
 *     (await import('@shop/ui/testing/import-gate')).importGate(),
 *   );
 *   vi.mock('./schemas', (importOriginal) => schemas.pass(importOriginal));
 *
 * `asked` turns true when the module is first imported; the import finishes once `open()` is called.
 */
export function importGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const gate = {
    asked: false,
    open: () => open(),
    async pass<T>(importOriginal: () => Promise<T>): Promise<T> {
      gate.asked = true;
      await opened;
      return importOriginal();
    },
  };
  return gate;
}
