// The proof of an order line, drawn by the server as SVG (the page) and PDF (download): only for the
// order's owner (the customer signed in, or the guest session that placed it) and admins; the two
// formats come from one drawing, so they carry the same text and the same dimensions.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_PDF_KEPT_DAYS, ProofPdfModel } from '../src/modules/proofs/model';
import { deleteExpired } from '../src/platform/expiry';
import { PROOF_NOT_PAID_MESSAGE } from '../src/modules/proofs/proofs';
import { addToCart, pay, placeOrder, register, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
let admin: TestAgent;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'shop-proofs-test-'));
  app = await startTestApp({ UPLOAD_DIR: uploadDir });
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(async () => {
  await app?.close();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

/** A real 2 x 2 PNG (pdfkit decodes the images it embeds). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadPng(agent: TestAgent, name: string) {
  const form = new FormData();
  form.append('files', new Blob([PNG]), name);
  const response = await fetch(`${app.baseUrl}/api/upload`, {
    method: 'POST',
    headers: { 'x-session-id': agent.sessionId },
    body: form,
  });
  const body = (await response.json()) as {
    files: Array<{ filename: string; originalName: string }>;
  };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.files.map((file) => ({ hashedName: file.filename, originalName: file.originalName }));
}

/**
 * A paid order of one line; answers its id and the line's id. The proof is skipped unless asked for
 * (a line whose text is too small to engrave always gets one: `{ skipProof: false }`).
 */
async function paidOrder(
  agent: TestAgent,
  overrides: Parameters<typeof addToCart>[1] = {},
  placing: { skipProof?: boolean } = {},
): Promise<{ orderId: string; itemId: string; orderNumber: number }> {
  const added = await addToCart(agent, overrides);
  const order = await placeOrder(agent, {}, placing);
  expect((await pay(agent, order.orderId)).status).toBe(200);
  // The order keeps the cart line's id as its line's id.
  return { orderId: order.orderId, itemId: added.body.item.id, orderNumber: order.orderNumber };
}

async function get(agent: TestAgent | null, urlPath: string) {
  const headers: Record<string, string> = {};
  if (agent) {
    headers['x-session-id'] = agent.sessionId;
    const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
  }
  const response = await fetch(`${app.baseUrl}${urlPath}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const proofPaths = ({ orderId, itemId }: { orderId: string; itemId: string }) => ({
  svg: `/api/orders/${orderId}/items/${itemId}/proof.svg`,
  pdf: `/api/orders/${orderId}/items/${itemId}/proof.pdf`,
});

function unescapeXml(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of every <text> element of the SVG, unescaped. */
function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => unescapeXml(match[1]!));
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const squash = (value: string) => value.replace(/\s+/g, '');

describe('GET /api/orders/:id/items/:itemId/proof.svg and proof.pdf', () => {
  it('when the guest who placed the order asks, then the SVG and the PDF carry the same text and dimensions', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest, {
      material: 'indoor',
      width: 4,
      height: 1.5,
      color: 'yellow-black',
      mounting: 'mounting-holes',
      customText: 'MAIN PUMP\n非常停止\nОПАСНО',
    });
    const paths = proofPaths(order);

    const svgAnswer = await get(guest, paths.svg);
    expect(svgAnswer.status).toBe(200);
    expect(svgAnswer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svgAnswer.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = svgAnswer.bytes.toString('utf8');

    const pdfAnswer = await get(guest, paths.pdf);
    expect(pdfAnswer.status).toBe(200);
    expect(pdfAnswer.headers.get('content-type')).toBe('application/pdf');
    expect(pdfAnswer.headers.get('content-disposition')).toBe(
      `attachment; filename="proof-${order.orderNumber}-1-rev1.pdf"`,
    );
    expect(pdfAnswer.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The label itself: to scale (72 points an inch), in the pair's colours, with its holes.
    expect(svg).toContain('width="288" height="108"');
    expect(svg).toContain('fill="#facc15"');
    expect(svg.match(/<circle /g)).toHaveLength(4);

    const texts = svgTexts(svg);
    expect(texts).toEqual(
      expect.arrayContaining(['MAIN PUMP', '非常停止', 'ОПАСНО', '4.00 in wide × 1.50 in high']),
    );
    // Long lines wrap at spaces to the page's width.
    expect(texts.join(' ')).toContain('Indoor · 4.00 in × 1.50 in · Yellow/Black');
    const inPdf = squash(await pdfText(pdfAnswer.bytes));
    for (const text of texts) expect(inPdf).toContain(squash(text));

    // Same page size: the SVG's view box is the PDF's media box, in points.
    const viewBox = svg.match(/viewBox="0 0 ([\d.]+) ([\d.]+)"/);
    const mediaBox = pdfAnswer.bytes
      .toString('latin1')
      .match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/);
    expect(viewBox).not.toBeNull();
    expect(mediaBox).not.toBeNull();
    expect(Number(mediaBox![1])).toBeCloseTo(Number(viewBox![1]), 1);
    expect(Number(mediaBox![2])).toBeCloseTo(Number(viewBox![2]), 1);
  });

  it('when the text is too small to engrave, then both formats carry the warning', async () => {
    const guest = app.agent();
    const order = await paidOrder(
      guest,
      { width: 0.75, height: 0.75, customText: 'DANGER 480 VOLTS LOCK OUT BEFORE SERVICING' },
      { skipProof: false },
    );
    const paths = proofPaths(order);
    const svg = (await get(guest, paths.svg)).bytes.toString('utf8');
    const pdf = await pdfText((await get(guest, paths.pdf)).bytes);
    expect(svgTexts(svg)).toContain('Text too small to engrave legibly');
    expect(pdf).toContain('Text too small to engrave legibly');
    expect(squash(pdf)).toContain(squash('the smallest we engrave legibly is 0.125 in (1/8 in)'));
  });

  it('when a customer signed in owns the order, then they get it; another customer, a guest or the same browser signed out get 404', async () => {
    const owner = app.agent();
    await register(owner);
    const order = await paidOrder(owner);
    const paths = proofPaths(order);
    expect((await get(owner, paths.svg)).status).toBe(200);
    expect((await get(owner, paths.pdf)).status).toBe(200);

    const otherCustomer = app.agent();
    await register(otherCustomer);
    expect((await get(otherCustomer, paths.svg)).status).toBe(404);
    expect((await get(otherCustomer, paths.pdf)).status).toBe(404);

    const stranger = app.agent();
    expect((await get(stranger, paths.svg)).status).toBe(404);
    expect((await get(stranger, paths.pdf)).status).toBe(404);

    await owner.request('POST', '/api/auth/logout');
    expect((await get(owner, paths.svg)).status).toBe(404);
  });

  it('when another guest session asks for a guest’s order, then 404; an admin gets it', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const paths = proofPaths(order);

    const otherGuest = app.agent();
    const refused = await get(otherGuest, paths.svg);
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.bytes.toString())).toEqual({ message: 'Order not found' });
    expect((await get(otherGuest, paths.pdf)).status).toBe(404);

    expect((await get(admin, paths.svg)).status).toBe(200);
    expect((await get(admin, paths.pdf)).status).toBe(200);
  });

  it('when the line or the order does not exist, then 404; a malformed id is a 400', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    expect(
      (await get(guest, proofPaths({ ...order, itemId: '0123456789abcdef01234567' }).svg)).status,
    ).toBe(404);
    expect(
      (await get(guest, proofPaths({ ...order, orderId: '0123456789abcdef01234567' }).svg)).status,
    ).toBe(404);
    expect((await get(guest, proofPaths({ ...order, itemId: 'x' }).svg)).status).toBe(400);
  });

  it('when the order is not paid yet, then neither format is drawn or kept (409), for its owner or an admin; paid, both are', async () => {
    const guest = app.agent();
    const added = await addToCart(guest);
    const order = await placeOrder(guest);
    const paths = proofPaths({ orderId: order.orderId, itemId: added.body.item.id });
    const keptBefore = await ProofPdfModel.countDocuments();
    for (const [agent, url] of [
      [guest, paths.svg],
      [guest, paths.pdf],
      [admin, paths.pdf],
    ] as const) {
      const answer = await get(agent, url);
      expect(answer.status).toBe(409);
      expect(JSON.parse(answer.bytes.toString())).toEqual({ message: PROOF_NOT_PAID_MESSAGE });
    }
    expect(await ProofPdfModel.countDocuments()).toBe(keptBefore);

    expect((await pay(guest, order.orderId)).status).toBe(200);
    expect((await get(guest, paths.svg)).status).toBe(200);
    expect((await get(guest, paths.pdf)).status).toBe(200);
  });

  it('when a proof PDF is downloaded, then its copy is kept for 90 days, swept after, and drawn again on the next download', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const first = await get(guest, proofPaths(order).pdf);
    expect(first.status).toBe(200);
    const kept = await ProofPdfModel.findById(`${order.orderId}:${order.itemId}:1`).lean();
    expect(kept!.expiresAt.getTime() - kept!.createdAt.getTime()).toBe(
      PROOF_PDF_KEPT_DAYS * 24 * 60 * 60 * 1000,
    );

    await deleteExpired(new Date(kept!.expiresAt.getTime() + 1));
    expect(await ProofPdfModel.countDocuments({ _id: kept!._id })).toBe(0);
    const again = await get(guest, proofPaths(order).pdf);
    expect(again.status).toBe(200);
    expect(await pdfText(again.bytes)).toBe(await pdfText(first.bytes));
  });

  it('when the custom text and a file name carry markup, then the SVG shows them as text, never as elements', async () => {
    const guest = app.agent();
    const files = await uploadPng(guest, '<img src=x onerror=alert(1)>.png');
    const order = await paidOrder(
      guest,
      { customText: '<script>alert("x")</script>\n& <b>bold</b>', files },
      { skipProof: false },
    );
    const svg = (await get(guest, proofPaths(order).svg)).bytes.toString('utf8');
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    const texts = svgTexts(svg);
    expect(texts).toEqual(expect.arrayContaining(['<script>alert("x")</script>', '& <b>bold</b>']));
    expect(texts.join(' ')).toContain('<img src=x onerror=alert(1)>.png');
    // The PNG is shown as a thumbnail in both formats.
    expect(svg).toContain(`href="data:image/png;base64,${PNG.toString('base64')}"`);
    const pdf = (await get(guest, proofPaths(order).pdf)).bytes.toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Image/);
  });
});

describe('the engraved image on the proof', () => {
  it('when the line has a PNG, then the proof draws it on the label, left of the text, where the configurator’s preview does; the details name it', async () => {
    const guest = app.agent();
    const files = await uploadPng(guest, 'logo.png');
    const order = await paidOrder(guest, {
      width: 6,
      height: 2,
      customText: 'MAIN PUMP',
      files,
    });
    const svg = (await get(guest, proofPaths(order).svg)).bytes.toString('utf8');
    const number = (tag: string, name: string) =>
      Number(new RegExp(`${name}="([\\d.]+)"`).exec(tag)![1]);
    // The plate: the label itself, 6 x 2 inches at actual size (72 points an inch).
    const plate = [...svg.matchAll(/<rect [^>]*width="432" height="144"[^>]*\/>/g)][0]![0];
    const image = /<image [^>]*\/>/.exec(svg)![0];
    const engravedText = /<text class="engraving"[^>]*>MAIN PUMP<\/text>/.exec(svg)![0];
    const left = number(plate, 'x');
    const top = number(plate, 'y');
    expect(number(image, 'x')).toBeGreaterThan(left);
    expect(number(image, 'y')).toBeGreaterThan(top);
    expect(number(image, 'y') + number(image, 'height')).toBeLessThan(top + 144);
    expect(number(image, 'x') + number(image, 'width')).toBeLessThan(number(engravedText, 'x'));
    expect(image).toContain(`href="data:image/png;base64,${PNG.toString('base64')}"`);
    expect(svgTexts(svg).join(' ')).toMatch(
      /Engraved image logo\.png, fitted in .* left of the text/,
    );
    const pdf = (await get(guest, proofPaths(order).pdf)).bytes;
    expect(squash(await pdfText(pdf))).toContain(squash('Engraved image'));
  });
});

/** A real PNG of width x height grey pixels, stored uncompressed: about 3 bytes a pixel. */
function largePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.alloc(1 + width * 3, 0x80);
  row[0] = 0; // no filter
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a large engraved image', () => {
  it('when the PNG is larger than a thumbnail may be (over 2 MB), then the proof still draws it on the label', async () => {
    const guest = app.agent();
    const bytes = largePng(1000, 1000);
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    const form = new FormData();
    form.append('files', new Blob([bytes]), 'big-logo.png');
    const uploaded = await fetch(`${app.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { 'x-session-id': guest.sessionId },
      body: form,
    });
    const body = (await uploaded.json()) as { files: Array<{ filename: string }> };
    expect(uploaded.status, JSON.stringify(body)).toBe(200);
    const files = [{ hashedName: body.files[0]!.filename, originalName: 'big-logo.png' }];
    const order = await paidOrder(guest, { width: 6, height: 2, customText: 'MAIN PUMP', files });
    const svg = (await get(guest, proofPaths(order).svg)).bytes.toString('utf8');
    // On the label: the image itself, not a box naming the file.
    expect(svg).toContain(`href="data:image/png;base64,${bytes.toString('base64')}"`);

    // The engraver's file carries it too; with the file gone, it is refused, never drawn without.
    const production = `/api/admin/orders/${order.orderId}/items/${order.itemId}/production.pdf?layout=page`;
    // An admin of its own: a test before this one sweeps with a clock months on, sessions included.
    const engraver = app.agent();
    await registerAdmin(engraver);
    const drawn = await get(engraver, production);
    expect(drawn.status).toBe(200);
    expect(drawn.bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
    await rm(path.join(uploadDir, files[0]!.hashedName));
    const refused = await get(engraver, production);
    expect(refused.status).toBe(409);
  });
});

describe('the proof’s size', () => {
  it('when the SVG is shown as it is, then it has the page’s size in points, as the PDF does', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest, { width: 3, height: 1, customText: 'EXIT' });
    const svg = (await get(guest, proofPaths(order).svg)).bytes.toString('utf8');
    const root = /<svg [^>]*>/.exec(svg)![0];
    const [, width, height] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(root)!;
    expect(root).toContain(`width="${width}pt"`);
    expect(root).toContain(`height="${height}pt"`);
    // A 3 inch label's page is 5 inches wide, the narrowest there is.
    expect(Number(width)).toBe(360);
  });
});
