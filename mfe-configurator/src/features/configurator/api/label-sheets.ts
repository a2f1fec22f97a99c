import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest } from 'shell/store';
import { SHEET_FIELD } from '@shop/contracts/asset-tag-options';
import type { SheetCheck, SheetSummary } from '@shop/contracts/asset-tags';
import type { LabelConfiguration } from '@shop/contracts/label-configuration';
import { configuratorSchemas } from './configurator-schemas';

/** POST /api/label-sheets: the spreadsheet read and kept by the server; its names and first rows. */
export async function uploadSheet(file: File): Promise<SheetSummary> {
  const { sheetSummarySchema } = await configuratorSchemas();
  const form = new FormData();
  form.append(SHEET_FIELD, file, file.name);
  const response = await apiRequest('/api/label-sheets', { body: form });
  return sheetSummarySchema.parse(await response.json());
}

export function useUploadSheet() {
  return useMutation({ mutationFn: uploadSheet });
}

/** Rows are read from the server a page at a time, for the preview. */
export const SHEET_PAGE_ROWS = 50;

/** GET /api/label-sheets/{id}?from=: the sheet's column names and the page of rows holding `from`. */
export function useSheetPage(sheetId: string | null, index: number) {
  const from = Math.floor(index / SHEET_PAGE_ROWS) * SHEET_PAGE_ROWS;
  return useQuery<SheetSummary>({
    queryKey: ['label-sheet', sheetId, from],
    queryFn: async ({ signal }) => {
      const { sheetSummarySchema } = await configuratorSchemas();
      const answer = await apiJson<unknown>(
        `/api/label-sheets/${sheetId}?from=${from}&limit=${SHEET_PAGE_ROWS}`,
        { signal },
      );
      return sheetSummarySchema.parse(answer);
    },
    enabled: sheetId !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** POST /api/label-sheets/{id}/check: every row as this label maps them (null: nothing to check). */
export function useSheetCheck(configuration: LabelConfiguration | null) {
  const sheetId = configuration?.rows?.sheetId ?? null;
  return useQuery<SheetCheck>({
    queryKey: ['label-sheet-check', configuration],
    queryFn: async ({ signal }) => {
      const { sheetCheckSchema } = await configuratorSchemas();
      const answer = await apiJson<unknown>(`/api/label-sheets/${sheetId}/check`, {
        body: configuration,
        signal,
      });
      return sheetCheckSchema.parse(answer);
    },
    enabled: sheetId !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
