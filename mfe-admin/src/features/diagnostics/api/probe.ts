import { useQuery } from '@tanstack/react-query';
import { apiRequest, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

/** What one call answered, kept raw for the diagnostic pages: the status and the body, even on an error. */
export interface ProbeResult {
  path: string;
  status: number | null;
  body: unknown;
  at: string;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** GET a path and keep whatever came back; never throws. */
export async function probe(path: string): Promise<ProbeResult> {
  const at = new Date().toISOString();
  try {
    const response = await apiRequest(path);
    return { path, status: response.status, body: parse(await response.text()), at };
  } catch (error) {
    const failure = error as { status?: number; bodyText?: string; message?: string };
    return {
      path,
      status: failure.status ?? null,
      body: failure.bodyText !== undefined ? parse(failure.bodyText) : String(failure.message),
      at,
    };
  }
}

export function useProbe(path: string) {
  return useQuery(
    {
      queryKey: [...adminQueryKey, 'probe', path],
      queryFn: () => probe(path),
      staleTime: 0,
      gcTime: 0,
    },
    queryClient,
  );
}
