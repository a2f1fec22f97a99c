import { useMutation } from '@tanstack/react-query';
import { apiRequest } from 'shell/store';
import { UPLOAD_FIELD } from '@shop/contracts/upload-options';
import type { UploadResponse } from '@shop/contracts/uploads';
import { configuratorSchemas } from './configurator-schemas';

/** POST /api/upload: multipart, one `files` part per file; the client adds no content type (FormData). */
export async function uploadFiles(files: readonly File[]): Promise<UploadResponse> {
  const { uploadResponseSchema } = await configuratorSchemas();
  const form = new FormData();
  for (const file of files) form.append(UPLOAD_FIELD, file, file.name);
  const response = await apiRequest('/api/upload', { body: form });
  return uploadResponseSchema.parse(await response.json());
}

export function useUploadFiles() {
  return useMutation({ mutationFn: uploadFiles });
}

/** The body of a failed call, as the API client keeps it in its error ("{status}: {text}"). */
function failedBody(error: unknown): unknown {
  const text = (error as { bodyText?: unknown } | null)?.bodyText;
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What to tell the shopper when an upload fails (docs/product.md section 8): the server's errors joined by
 * newlines, else its message, else "Upload failed"; one line per toast.
 */
export async function uploadFailureLines(error: unknown): Promise<string[]> {
  // Without the schemas (the network is down), the fallback line.
  const schemas = await configuratorSchemas().catch(() => undefined);
  const body = schemas?.apiErrorBodySchema.safeParse(failedBody(error));
  if (body?.success) {
    const errors = (body.data.errors ?? []).map((e) => e.message).filter(Boolean);
    const text = errors.length > 0 ? errors.join('\n') : body.data.message;
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    if (lines.length > 0) return lines;
  }
  return ['Upload failed'];
}
