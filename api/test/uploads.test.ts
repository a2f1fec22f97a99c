// POST /api/upload and GET /api/uploads/{filename}: docs/product.md section 5's limits and messages, the type
// checked by content as well as by extension, partial success, and who may fetch a file back.
import { createHash } from 'node:crypto';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { Router } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NO_FILES_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  emptyFileMessage,
  unsupportedFileTypeMessage,
} from '@shop/contracts';
import type { SessionUser } from '../src/platform/auth-guards';
import type { RouteModule } from '../src/dependencies';
import { mergeGuestCartIntoCustomer } from '../src/modules/cart/cart';
import { UploadModel } from '../src/modules/uploads/model';
import { uploadRoutes } from '../src/modules/uploads/routes';
import { startTestApp, type TestApp } from './support/test-app';

const ALICE = 'guest-1700000000000-aliceuploads';
const BOB = 'guest-1700000000001-bobuploads';
const MB = 1024 * 1024;

let uploadDir: string;
let app: TestApp;

const signedInAs =
  (prefix: string, user: SessionUser): RouteModule =>
  (dependencies) => {
    const router = Router();
    router.use(
      prefix,
      (req, _res, next) => {
        req.user = user;
        next();
      },
      uploadRoutes(dependencies),
    );
    return router;
  };

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'shop-uploads-test-'));
  app = await startTestApp(
    { UPLOAD_DIR: uploadDir },
    {
      extraRoutes: [
        signedInAs('/as-admin', { id: 'admin-1', email: 'admin@example.com', isAdmin: true }),
        signedInAs('/as-customer', { id: 'customer-1', email: 'c@example.com', isAdmin: false }),
      ],
    },
  );
  await UploadModel.init();
});
afterAll(async () => {
  await app?.close();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await UploadModel.deleteMany({});
});

// --- Files ------------------------------------------------------------------------------------

/** A zip of stored (uncompressed) entries, as docx and xlsx files are. */
function zip(entries: Array<[string, Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A PNG's first bytes: its signature and an IHDR chunk of this size (the rest is not read here). */
function pngOf(width: number, height: number): Buffer {
  const header = Buffer.alloc(25);
  header.writeUInt32BE(13, 0);
  header.write('IHDR', 4, 'latin1');
  header.writeUInt32BE(width, 8);
  header.writeUInt32BE(height, 12);
  header.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    header,
    Buffer.alloc(32, 1),
  ]);
}

/**
 * A JPEG's first bytes: `metadata` bytes of APP segments (EXIF, colour profiles: at most 65,533 bytes
 * each), then a frame header of this size.
 */
function jpegOf(width: number, height: number, metadata = 16): Buffer {
  const segments: Buffer[] = [];
  for (let left = metadata; left > 0; left -= 60_000) {
    const segment = Buffer.alloc(4 + Math.min(left, 60_000), 0);
    segment.set([0xff, 0xe1]);
    segment.writeUInt16BE(2 + Math.min(left, 60_000), 2);
    segments.push(segment);
  }
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, frame, Buffer.alloc(64, 2)]);
}

const xml = Buffer.from('<?xml version="1.0"?><Types/>');
const files = {
  pdf: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  png: pngOf(64, 48),
  jpeg: jpegOf(64, 48),
  docx: zip([
    ['[Content_Types].xml', xml],
    ['word/document.xml', xml],
  ]),
  xlsx: zip([
    ['[Content_Types].xml', xml],
    ['xl/workbook.xml', xml],
  ]),
  ole: Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(504, 0),
  ]),
  txt: Buffer.from('Pump room 2 – Ventil Ü\n'),
};

type Part = { name: string; content: Buffer | string; field?: string };

async function upload(parts: Part[], sessionId: string | null = ALICE, prefix = '') {
  const form = new FormData();
  for (const { name, content, field = 'files' } of parts) {
    form.append(field, new Blob([content]), name);
  }
  const headers: Record<string, string> = {};
  if (sessionId) headers['x-session-id'] = sessionId;
  const response = await fetch(`${app.baseUrl}/api${prefix}/upload`, {
    method: 'POST',
    headers,
    body: form,
  });
  // Answers are checked with expect(), not by the type system.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const body: any = await response.json();
  return { status: response.status, body };
}

async function download(filename: string, sessionId: string | null = ALICE, prefix = '') {
  const headers: Record<string, string> = {};
  if (sessionId) headers['x-session-id'] = sessionId;
  const response = await fetch(`${app.baseUrl}/api${prefix}/uploads/${filename}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const stored = (content: Buffer | string, extension: string) =>
  `${createHash('sha256').update(content).digest('hex')}.${extension}`;

async function storedFiles(): Promise<string[]> {
  return (await readdir(uploadDir)).filter((name) => !name.startsWith('.'));
}

// --- Tests ------------------------------------------------------------------------------------

describe('POST /api/upload', () => {
  it('when every allowed type is sent, then each is kept under its content hash', async () => {
    const parts: Part[] = [
      { name: 'panel.pdf', content: files.pdf },
      { name: 'photo.PNG', content: files.png },
      { name: 'photo.jpeg', content: files.jpeg },
      { name: 'layout.docx', content: files.docx },
      { name: 'tags.xlsx', content: files.xlsx },
    ];
    const response = await upload(parts);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: '5 files uploaded successfully.',
      errors: [],
      files: [
        { filename: stored(files.pdf, 'pdf'), originalName: 'panel.pdf' },
        { filename: stored(files.png, 'png'), originalName: 'photo.PNG' },
        { filename: stored(files.jpeg, 'jpeg'), originalName: 'photo.jpeg' },
        { filename: stored(files.docx, 'docx'), originalName: 'layout.docx' },
        { filename: stored(files.xlsx, 'xlsx'), originalName: 'tags.xlsx' },
      ],
    });
    const more = await upload([
      { name: 'old.doc', content: files.ole },
      { name: 'old.xls', content: files.ole },
      { name: 'notes.txt', content: files.txt },
      { name: 'scan.jpg', content: files.jpeg },
    ]);
    expect(more.status).toBe(200);
    expect(more.body.files).toHaveLength(4);
    expect(await storedFiles()).toEqual(
      expect.arrayContaining([
        stored(files.pdf, 'pdf'),
        stored(files.ole, 'xls'),
        stored(files.txt, 'txt'),
      ]),
    );
  });

  it('when a docx has its parts beyond the first 64KB, then the central directory at the end shows them', async () => {
    const late = zip([
      ['docProps/thumbnail.bin', Buffer.alloc(100 * 1024, 7)],
      ['[Content_Types].xml', xml],
      ['word/document.xml', xml],
    ]);
    const response = await upload([{ name: 'big.docx', content: late }]);
    expect(response.status).toBe(200);
  });

  it.each([
    ['virus.exe', Buffer.from('MZ\x90\x00')],
    ['noextension', files.pdf],
    ['fake.pdf', Buffer.from('MZ\x90\x00 not a pdf')],
    ['photo.png', files.jpeg],
    ['headless.png', Buffer.concat([files.png.subarray(0, 8), Buffer.alloc(64, 1)])],
    ['frameless.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xda]), Buffer.alloc(64, 2)])],
    ['plain.docx', zip([['readme.txt', xml]])],
    ['sheet.xlsx', files.docx],
    ['words.docx', files.xlsx],
    ['legacy.doc', files.pdf],
    ['binary.txt', Buffer.from('abc\x00def')],
    ['latin1.txt', Buffer.from([0x48, 0xe9, 0x6c, 0x6c, 0x6f])],
    ['cut.txt', Buffer.from([0x61, 0xe2, 0x82])],
  ])(
    'when %s does not hold what its extension says, then 415 with the spec message',
    async (name, content) => {
      const response = await upload([{ name, content }]);
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        message: unsupportedFileTypeMessage(name),
        errors: [{ path: 'files.0', message: unsupportedFileTypeMessage(name) }],
      });
      expect(await UploadModel.countDocuments()).toBe(0);
    },
  );

  it('when a file is empty, then 400 "File appears to be empty."', async () => {
    const response = await upload([{ name: 'blank.pdf', content: '' }]);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'files.0', message: 'File "blank.pdf": File appears to be empty.' },
    ]);
    expect(response.body.message).toBe(emptyFileMessage('blank.pdf'));
  });

  it('when an image has more than 25 megapixels, then 413 naming its size, read from the PNG header or the JPEG frame header (after a large EXIF block too)', async () => {
    const response = await upload([
      { name: 'bomb.png', content: pngOf(10_000, 10_000) },
      { name: 'camera.jpg', content: jpegOf(6_000, 5_000, 200_000) },
      { name: 'fine.jpg', content: jpegOf(5_000, 5_000, 200_000) },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.errors).toEqual([
      {
        path: 'files.0',
        message:
          'File "bomb.png": The image is 10,000 × 10,000 pixels; at most 25 megapixels (5,000 × 5,000, for example) are taken. Save it smaller and upload it again.',
      },
      {
        path: 'files.1',
        message:
          'File "camera.jpg": The image is 6,000 × 5,000 pixels; at most 25 megapixels (5,000 × 5,000, for example) are taken. Save it smaller and upload it again.',
      },
    ]);
    expect(response.body.files.map((file: { originalName: string }) => file.originalName)).toEqual([
      'fine.jpg',
    ]);
    const alone = await upload([{ name: 'bomb.png', content: pngOf(10_000, 10_000) }]);
    expect(alone.status).toBe(413);
  });

  it('when a file is over 10MB, then 413 naming its size in MB with two decimals, rounded up', async () => {
    const justOver = Buffer.concat([files.pdf, Buffer.alloc(10 * MB + 1 - files.pdf.length)]);
    const bigger = Buffer.concat([
      files.pdf,
      Buffer.alloc(Math.round(12.5 * MB) - files.pdf.length),
    ]);
    const response = await upload([
      { name: 'just-over.pdf', content: justOver },
      { name: 'bigger.pdf', content: bigger },
    ]);
    expect(response.status).toBe(413);
    expect(response.body.errors).toEqual([
      {
        path: 'files.0',
        message: 'File "just-over.pdf": File size (10.01MB) exceeds the 10MB limit.',
      },
      {
        path: 'files.1',
        message: 'File "bigger.pdf": File size (12.50MB) exceeds the 10MB limit.',
      },
    ]);
    expect(response.body.message).toBe('None of the files could be uploaded.');
    expect(await UploadModel.countDocuments()).toBe(0);
  });

  it('when a file is exactly 10MB, then it is kept', async () => {
    const exactly = Buffer.concat([files.pdf, Buffer.alloc(10 * MB - files.pdf.length)]);
    const response = await upload([{ name: 'exactly.pdf', content: exactly }]);
    expect(response.status).toBe(200);
    expect(response.body.files).toEqual([
      { filename: stored(exactly, 'pdf'), originalName: 'exactly.pdf' },
    ]);
  });

  it('when some files are good and some not, then 200 keeps the good ones and lists the others', async () => {
    const response = await upload([
      { name: 'ok.pdf', content: files.pdf },
      { name: 'bad.exe', content: 'MZ' },
      { name: 'ok.png', content: files.png },
      { name: 'empty.txt', content: '' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: '2 files of 4 uploaded successfully.',
      errors: [
        { path: 'files.1', message: unsupportedFileTypeMessage('bad.exe') },
        { path: 'files.3', message: emptyFileMessage('empty.txt') },
      ],
      files: [
        { filename: stored(files.pdf, 'pdf'), originalName: 'ok.pdf' },
        { filename: stored(files.png, 'png'), originalName: 'ok.png' },
      ],
    });
    expect(await UploadModel.countDocuments({ sessionId: ALICE })).toBe(2);
  });

  it('when every file fails for different reasons, then 400 with one error per file', async () => {
    const response = await upload([
      { name: 'bad.exe', content: 'MZ' },
      { name: 'empty.pdf', content: '' },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveLength(2);
  });

  it('when more than 5 files are sent, then 400 and none is kept', async () => {
    const before = await storedFiles();
    const parts = Array.from({ length: 6 }, (_, index) => ({
      name: `f${index}.txt`,
      content: `six files ${index}`,
    }));
    const response = await upload(parts);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: TOO_MANY_FILES_MESSAGE,
      errors: [{ path: 'files', message: 'You can upload a maximum of 5 files at once.' }],
    });
    expect(await storedFiles()).toEqual(before);
    expect(await UploadModel.countDocuments()).toBe(0);
    expect((await readdir(path.join(uploadDir, '.incoming'))).length).toBe(0);
  });

  it('when no file is sent, then 400 "Please select at least one file to upload."', async () => {
    const onlyText = new FormData();
    onlyText.append('note', 'just text, no file');
    const onlyField = await fetch(`${app.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { 'x-session-id': ALICE },
      body: onlyText,
    });
    expect(onlyField.status).toBe(400);
    expect(await onlyField.json()).toMatchObject({ message: NO_FILES_MESSAGE });
    const empty = await fetch(`${app.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { 'x-session-id': ALICE },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      message: NO_FILES_MESSAGE,
      errors: [{ path: 'files', message: 'Please select at least one file to upload.' }],
    });
    const json = await app.request('POST', '/api/upload', {
      body: { files: [] },
      sessionId: ALICE,
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(NO_FILES_MESSAGE);
  });

  it('when files come in another field, then 400 naming the field to use', async () => {
    const response = await upload([{ name: 'a.pdf', content: files.pdf, field: 'file' }]);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Files must be sent in the "files" field');
  });

  it('keeps the shopper’s file name (UTF-8, without folders) and stores the same content once', async () => {
    const first = await upload([
      { name: 'Schaltplan – Übersicht.pdf', content: files.pdf },
      { name: '../../etc/passwd.txt', content: files.txt },
    ]);
    expect(first.body.files.map((file: { originalName: string }) => file.originalName)).toEqual([
      'Schaltplan – Übersicht.pdf',
      'passwd.txt',
    ]);
    const again = await upload([{ name: 'copy.pdf', content: files.pdf }], BOB);
    expect(again.body.files[0].filename).toBe(first.body.files[0].filename);
    expect((await storedFiles()).filter((name) => name === stored(files.pdf, 'pdf'))).toHaveLength(
      1,
    );
  });

  it('when x-session-id is missing (403, cross-site defence) or malformed (400), then nothing is read', async () => {
    expect((await upload([{ name: 'a.pdf', content: files.pdf }], null)).status).toBe(403);
    const malformed = await upload([{ name: 'a.pdf', content: files.pdf }], 'guest-x');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('x-session-id header is malformed');
    expect(await UploadModel.countDocuments()).toBe(0);
  });

  it('when the multipart body is cut off, then 400, not 500', async () => {
    const boundary = 'cutboundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 trunc`;
    const response = await fetch(`${app.baseUrl}/api/upload`, {
      method: 'POST',
      headers: {
        'x-session-id': ALICE,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The upload could not be read (malformed multipart body)',
    });
    expect(await UploadModel.countDocuments()).toBe(0);
  });

  it('when the request declares more than 60MB, then 413 before reading it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(`${app.baseUrl}/api/upload`, {
        method: 'POST',
        headers: {
          'x-session-id': ALICE,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(70 * MB),
        },
      });
      outgoing.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        outgoing.destroy();
      });
      outgoing.on('error', reject);
      outgoing.write('--x\r\n');
    });
    expect(status).toBe(413);
  });

  it("when a browser sends more than 60MB through the shell's forwarding, then it gets the 413 each time, never a 502", async () => {
    // The shell's forwarding server, as shell/server.mjs sets it up in front of the API.
    const modulePath = new URL('../../scripts/lib/static-server.mjs', import.meta.url).href;
    const { createStaticServer } = (await import(modulePath)) as {
      createStaticServer(options: { root: string; forward: Record<string, string> }): Server;
    };
    const shell = createStaticServer({ root: '/nonexistent', forward: { '/api': app.baseUrl } });
    await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
    const { port } = shell.address() as AddressInfo;
    const boundary = 'toolarge';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.png"\r\n\r\n`,
      ),
      Buffer.alloc(61 * MB),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    try {
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await fetch(`http://127.0.0.1:${port}/api/upload`, {
          method: 'POST',
          headers: {
            'x-session-id': ALICE,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          body,
        });
        answers.push([response.status, ((await response.json()) as { message: string }).message]);
      }
      const refused = [413, 'The upload is too large: at most 5 files of 10MB each.'];
      expect(answers).toEqual([refused, refused, refused, refused]);
    } finally {
      await new Promise<void>((resolve) => shell.close(() => resolve()));
    }
  }, 60_000);

  it('when one file streams past the 60MB hard limit (no Content-Length), then 413 naming it', async () => {
    const boundary = 'hardlimit';
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(`${app.baseUrl}/api/upload`, {
        method: 'POST',
        headers: {
          'x-session-id': ALICE,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
      outgoing.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      outgoing.on('error', reject);
      outgoing.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.pdf"\r\n\r\n%PDF-`,
      );
      const chunk = Buffer.alloc(MB);
      for (let index = 0; index < 61; index++) outgoing.write(chunk);
      outgoing.end(`\r\n--${boundary}--\r\n`);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(
      'File "huge.pdf": File size (over 60MB) exceeds the 10MB limit.',
    );
    expect(await UploadModel.countDocuments()).toBe(0);
  });
});

describe('GET /api/uploads/{filename}', () => {
  it('when the uploader asks, then the file comes back as an attachment with its type', async () => {
    const { filename } = (await upload([{ name: 'Übersicht 1.pdf', content: files.pdf }])).body
      .files[0];
    const response = await download(filename);
    expect(response.status).toBe(200);
    expect(response.bytes.equals(files.pdf)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="?bersicht 1.pdf"; filename*=UTF-8''%C3%9Cbersicht%201.pdf`,
    );
    const text = (await upload([{ name: 'notes.txt', content: files.txt }])).body.files[0].filename;
    expect((await download(text)).headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('when another session asks, then 404 as if it did not exist; without a session, 400', async () => {
    const { filename } = (await upload([{ name: 'a.pdf', content: files.pdf }])).body.files[0];
    const other = await download(filename, BOB);
    expect(other.status).toBe(404);
    expect(JSON.parse(other.bytes.toString())).toEqual({ message: 'File not found' });
    expect((await download(filename, null)).status).toBe(400);
  });

  it('when an admin asks, then any uploaded file comes back', async () => {
    const { filename } = (await upload([{ name: 'a.pdf', content: files.pdf }])).body.files[0];
    const response = await download(filename, null, '/as-admin');
    expect(response.status).toBe(200);
    expect(response.bytes.equals(files.pdf)).toBe(true);
  });

  it('when a guest signs in, then their uploads are the customer’s from any session', async () => {
    const { filename } = (await upload([{ name: 'a.pdf', content: files.pdf }], BOB)).body.files[0];
    expect((await download(filename, ALICE, '/as-customer')).status).toBe(404);
    await mergeGuestCartIntoCustomer(BOB, 'customer-1');
    expect((await download(filename, ALICE, '/as-customer')).status).toBe(200);
  });

  it('when the customer signs out, then the guest id they signed in with no longer downloads their files', async () => {
    const guest = 'guest-1700000000002-signsout';
    const { filename } = (await upload([{ name: 'b.pdf', content: files.pdf }], guest)).body
      .files[0];
    expect((await download(filename, guest)).status).toBe(200);
    await mergeGuestCartIntoCustomer(guest, 'customer-2');
    // Signed in, the customer keeps them; signed out, the same browser is a guest again.
    expect((await download(filename, guest, '/as-customer')).status).toBe(404);
    expect((await download(filename, guest)).status).toBe(404);
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '.incoming',
    'abc.pdf',
    `${'A'.repeat(64)}.pdf`,
    `${'a'.repeat(64)}.exe`,
    `${'a'.repeat(64)}.pdf%00.txt`,
  ])('when the name is %s, then 400 "Invalid file name"', async (name) => {
    const response = await download(name);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.bytes.toString())).toMatchObject({ message: 'Invalid file name' });
  });

  it('when the name is well formed but unknown, then 404', async () => {
    expect((await download(`${'c'.repeat(64)}.pdf`)).status).toBe(404);
  });
});
