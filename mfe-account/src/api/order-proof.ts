// The order's proof as its customer (or the holder of its guest link) reads it: the proof section
// answers it, and the order page reads each line's engraved text and where the proof stands from it
// (one query, one request).
import { useQuery } from '@tanstack/react-query';
import type { OrderProof } from '@shop/contracts/proof-workflow';
import { apiJson, ordersQueryKey, queryClient } from 'shell/store';
import { orderSchemas } from './order-schemas';
import { withAccess } from './with-access';

export const proofKey = (orderId: string, access: string | null) =>
  [...ordersQueryKey, 'proof', orderId, access] as const;

/**
 * The proof a call answers (the proof read, approved or sent back). The schemas come first, so an
 * answer is never sent that could not be read back; the order page has loaded them with the order.
 */
export async function proofAnswer(call: () => Promise<unknown>): Promise<OrderProof> {
  const { orderProofSchema } = await orderSchemas();
  return orderProofSchema.parse(await call());
}

/** A proof's file: its drawing (svg), its PDF, or the file the shop uploaded for the line. */
export function proofPath(
  orderId: string,
  lineId: string,
  revision: number,
  kind: 'svg' | 'pdf' | 'file',
  access: string | null,
) {
  const name = kind === 'file' ? 'proof-file' : `proof.${kind}`;
  return withAccess(
    `/api/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(lineId)}/${name}?revision=${revision}`,
    access,
  );
}

/** The drawn size of each proof image read (by its path), so the page lays it out before it shows. */
const imageSizes = new Map<string, { width: number; height: number }>();

export function proofImageSize(path: string) {
  return imageSizes.get(path);
}

/**
 * How long the page waits for the proof's images before it shows without their sizes (and moves when
 * they arrive). A drawing is made on request and took over 3 s on a busy machine: the wait is for a
 * drawing that never comes, not a slow one.
 */
const IMAGE_WAIT_MS = 15_000;

/** Loads the current revision's drawings and keeps their sizes (a drawing that fails keeps none). */
async function measureImages(proof: OrderProof, access: string | null): Promise<void> {
  const current = proof.revisions.at(-1);
  if (!current || typeof Image === 'undefined') return;
  const paths = current.lines.map((line) =>
    proofPath(proof.orderId, line.lineId, proof.revision, 'svg', access ?? proof.access ?? null),
  );
  const measured = paths.map(async (path) => {
    if (imageSizes.has(path)) return;
    const image = new Image();
    const loaded = new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error(`The drawing ${path} did not load`));
    });
    image.src = path;
    // Without image loading (a test's DOM) there is nothing to wait for.
    if (typeof image.decode !== 'function') return;
    // Chrome's decode() may refuse a drawing that shows fine (short of image memory, with other
    // pages open): its load gives the size as well.
    await image.decode().catch(() => loaded);
    if (image.naturalWidth > 0 && image.naturalHeight > 0) {
      imageSizes.set(path, { width: image.naturalWidth, height: image.naturalHeight });
    }
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(measured),
    new Promise((resolve) => (timer = setTimeout(resolve, IMAGE_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

/**
 * GET /api/orders/{id}/proof, answered once the current revision's drawings are loaded: the page
 * shows the proof whole, and what follows it does not move as its images arrive.
 */
export function useOrderProof(orderId: string, access: string | null) {
  return useQuery(
    {
      queryKey: proofKey(orderId, access),
      queryFn: async () => {
        const proof = await proofAnswer(() =>
          apiJson(withAccess(`/api/orders/${encodeURIComponent(orderId)}/proof`, access)),
        );
        await measureImages(proof, access);
        return proof;
      },
      retry: false,
    },
    queryClient,
  );
}
