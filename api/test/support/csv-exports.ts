// An admin's export as the admin gets it: made (POST /api/admin/exports), downloaded from its link,
// and its CSV read into cells. For the exports and insights tests.
import { expect } from 'vitest';
import type { ExportRecordAnswer } from '@shop/contracts';
import type { TestAgent, TestApp } from './test-app';

/** Cells of a CSV (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      [row, cell] = [[], ''];
      i += 1;
    } else cell += char;
  }
  return rows;
}

/** Makes the export and downloads its file: the record, the response and the file's rows. */
export async function exportFile(app: TestApp, agent: TestAgent, body: Record<string, unknown>) {
  const made = await agent.request('POST', '/api/admin/exports', { body });
  expect(made.status, made.text).toBe(201);
  const record = made.body as ExportRecordAnswer;
  const response = await fetch(`${app.baseUrl}${record.downloadUrl}`, {
    headers: {
      'x-session-id': agent.sessionId,
      cookie: [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
  });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  // The byte order mark first, so a spreadsheet reads the file as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { record, response, rows: parseCsv(bytes.subarray(3).toString('utf8')) };
}
