// npm run bench:asset-tags: the figures of asset tags (docs/benchmarks.md, "Asset tags"). Starts its
// own FerretDB and one API process as `npm start` runs it (dist/server.js, built first; production
// settings, sandbox payments), then measures, TAGS_RUNS (3) times each and reports the median:
//   - uploading a 10,000-row CSV (POST /api/label-sheets) and checking all its rows
//     (POST /api/label-sheets/{id}/check: fits the label, the code's characters and size, duplicates);
//   - the proof PDF of a paid 10,000-label numbered series with a QR code (GET .../proof.pdf);
//   - the admin's production file of that line, on sheets and one label a page (.../production.pdf),
//     and the engraver's CSV (.../production.csv).
// Sizes are the answers' bytes. Wall times are what the caller waits, on this machine, with nothing
// else running in the API. Not part of npm test.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../scripts/lib/ports.mjs';
import {
  addressOf,
  apiDir,
  checkoutApiEnv,
  cleanUp,
  cleanups,
  customerInfo,
  newSessionId,
  productionServerArgs,
  startDatabase,
  stopChild,
  waitForAnswer,
} from './lib.mjs';

const runs = Number(process.env.TAGS_RUNS ?? 3);
const LABELS = 10_000;
const ADMIN_SECRET = 'bench-admin-secret-9f8e7d6c5b4a3210-not-for-real-use';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

function sheetCsv() {
  const rows = Array.from(
    { length: LABELS },
    (_, index) => `V-${10000 + index},Valve ${index + 1},Hall ${(index % 4) + 1}`,
  );
  return `Tag,Name,Location\n${rows.join('\n')}\n`;
}

const LABEL = {
  material: 'phenolic',
  width: 3,
  height: 1.5,
  color: 'black-white',
  mounting: 'no-mounting',
  files: [],
};

async function main() {
  const serverArgs = productionServerArgs();
  const { dataDir, ferret } = await startDatabase('shop-bench-tags-', 'bench_tags');
  const port = await freePort();
  const api = spawn(process.execPath, serverArgs, {
    cwd: apiDir,
    env: {
      ...process.env,
      ...checkoutApiEnv(ferret.uri, path.join(dataDir, 'uploads'), port, 'error'),
    },
    stdio: 'ignore',
  });
  cleanups.push(() => stopChild(api));
  const base = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${base}/api/health`, api, 'The API', 90_000);

  /** One call as this session (and its cookie); the answer's status, body and timing. */
  async function call(session, method, route, body) {
    const headers = {
      'x-session-id': session.id,
      'x-forwarded-for': addressOf(session.id),
      // As behind the shop's HTTPS front: production session cookies are Secure.
      'x-forwarded-proto': 'https',
      ...(session.cookie ? { cookie: session.cookie } : {}),
    };
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const started = performance.now();
    const response = await fetch(`${base}${route}`, { method, headers, body: payload });
    const bytes = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - started;
    const cookies = response.headers.getSetCookie();
    if (cookies.length) session.cookie = cookies.map((cookie) => cookie.split(';')[0]).join('; ');
    if (response.status >= 300) {
      throw new Error(
        `${method} ${route}: ${response.status} ${bytes.toString('utf8').slice(0, 300)}`,
      );
    }
    const json = (response.headers.get('content-type') ?? '').includes('json');
    return { ms, bytes, body: json ? JSON.parse(bytes.toString('utf8')) : undefined };
  }

  const figures = [];
  const measure = async (name, work) => {
    console.log(`${name}...`);
    const times = [];
    let bytes = 0;
    for (let run = 0; run < runs; run++) {
      const answer = await work();
      times.push(answer.ms);
      bytes = answer.bytes.length;
    }
    const figure = { what: name, 'median ms': Math.round(median(times)), size: kib(bytes) };
    console.log(`${figure.what}: ${figure['median ms']} ms, ${figure.size}`);
    figures.push(figure);
  };

  // 1. A 10,000-row spreadsheet: uploaded, then every row checked.
  const shopper = { id: newSessionId() };
  const csv = sheetCsv();
  const upload = () => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'valves.csv');
    return call(shopper, 'POST', '/api/label-sheets', form);
  };
  await measure('POST /api/label-sheets (10,000-row CSV)', upload);
  const sheet = (await upload()).body;
  const sheetLabel = {
    ...LABEL,
    customText: '',
    quantity: LABELS,
    rows: { sheetId: sheet.id, textColumns: [1, 0], codeColumn: 0 },
    code: { type: 'code128', placement: 'below', value: '' },
  };
  await measure('POST /api/label-sheets/{id}/check (10,000 rows, Code 128)', async () => {
    const answer = await call(shopper, 'POST', `/api/label-sheets/${sheet.id}/check`, sheetLabel);
    if (answer.body.errorCount !== 0) throw new Error(JSON.stringify(answer.body.errors));
    return answer;
  });

  // 2. A paid 10,000-label series with a QR code: its proof, production file and engraver's CSV.
  const buyer = { id: newSessionId() };
  const added = await call(buyer, 'POST', '/api/cart', {
    ...LABEL,
    customText: 'PUMP {n}',
    quantity: LABELS,
    series: { start: 1, step: 1, padding: 5 },
    code: { type: 'qrcode', placement: 'beside', value: 'https://assets.example.com/t/{n}' },
  });
  console.log(
    `POST /api/cart (10,000-label series, QR; every code checked): ${Math.round(added.ms)} ms`,
  );
  figures.push({
    what: 'POST /api/cart (10,000-label QR series)',
    'median ms': Math.round(added.ms),
    size: '',
  });
  const placed = (await call(buyer, 'POST', '/api/orders', { customerInfo })).body;
  await call(buyer, 'POST', '/api/payment/complete', {
    orderId: placed.orderId,
    paymentId: 'cnon:card-nonce-ok',
    customerName: 'Ann Lee',
    customerEmail: 'ann@example.com',
  });
  const order = (await call(buyer, 'GET', `/api/orders/${placed.orderId}`)).body;
  const item = order.items[0];
  const itemPath = `/api/orders/${placed.orderId}/items/${item.id}`;
  await measure('proof PDF (10,000-label series, QR)', () =>
    call(buyer, 'GET', `${itemPath}/proof.pdf`),
  );
  // The engraver's files are made once the proof is approved (the order in production).
  await call(buyer, 'POST', `/api/orders/${placed.orderId}/proof/approve`, {
    revision: 1,
    name: 'Ann Lee',
  });

  const admin = { id: newSessionId() };
  await call(admin, 'POST', '/api/auth/register', {
    email: `bench-admin-${Date.now()}@example.com`,
    password: 'bench-admin-password',
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  const granted = await fetch(`${base}/api/admin/make-admin`, {
    method: 'POST',
    headers: {
      'x-session-id': admin.id,
      'x-forwarded-for': addressOf(admin.id),
      'x-forwarded-proto': 'https',
      cookie: admin.cookie,
      authorization: `Bearer ${ADMIN_SECRET}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ secret: ADMIN_SECRET }),
  });
  if (!granted.ok) throw new Error(`make-admin: ${granted.status} ${await granted.text()}`);
  // Granting admin starts a new session: its cookie from now on.
  const renewed = granted.headers.getSetCookie();
  if (renewed.length) admin.cookie = renewed.map((cookie) => cookie.split(';')[0]).join('; ');
  const adminPath = `/api/admin/orders/${placed.orderId}/items/${item.id}`;
  await measure('production PDF on sheets (10,000 labels)', () =>
    call(admin, 'GET', `${adminPath}/production.pdf`),
  );
  await measure('production PDF, one label a page (10,000 pages)', () =>
    call(admin, 'GET', `${adminPath}/production.pdf?layout=page`),
  );
  await measure("engraver's CSV (10,000 rows)", () =>
    call(admin, 'GET', `${adminPath}/production.csv`),
  );

  console.log(`Asset tags, median of ${runs} runs, one API process and FerretDB (SQLite):\n`);
  console.table(figures);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
