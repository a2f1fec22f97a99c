import { expect, test } from '@playwright/test';
import { MongoClient } from 'mongodb';
import { readStackState } from '../support/stack-state.ts';
import { SAMPLE_PRODUCT_CONFIG } from '../../contracts/src/testing.ts';
import { trackRequests } from '../support/network.ts';

/** Every stored cart document, as the database holds it (updatedAt included). */
async function cartDocuments(): Promise<unknown[]> {
  const client = new MongoClient(readStackState().env.MONGODB_URI!);
  try {
    const db = client.db();
    return await db.collection('carts').find().sort({ _id: 1 }).toArray();
  } finally {
    await client.close();
  }
}

test('Add to Cart is one API call: the answer is the whole cart, and the header badge updates from it', async ({
  page,
}) => {
  const requests = trackRequests(page);
  await page.goto('/products');
  const configurator = page.locator('[data-remote="configurator"]');
  await configurator.getByText('Phenolic', { exact: true }).click();
  await configurator.getByLabel('Width (inches)').fill('3');
  await configurator.getByLabel('Height (inches)').fill('2');
  await configurator.getByText('Adhesive backing', { exact: true }).click();
  await expect(configurator.getByTestId('total-price')).toHaveText('$5.20');
  // Let the debounced price call settle, so only what the click causes is counted.
  await requests.quiet();

  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  await configurator.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('toast')).toContainText('Added to Cart');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await requests.quiet();
  expect(calls).toEqual(['POST /api/cart']);
});

test('reading the cart writes nothing to the database', async ({ request }) => {
  const headers = {
    'x-session-id': `guest-${Date.now()}-e2eread${Math.random().toString(36).slice(2, 10)}`,
  };
  const added = await request.post('/api/cart', {
    headers,
    data: {
      ...SAMPLE_PRODUCT_CONFIG,
      customText: 'READ ONLY',
      quantity: 2,
      files: [],
    },
  });
  expect(added.status()).toBe(201);
  expect(await added.json()).toMatchObject({ itemCount: 2, subtotal: 10.4 });

  const before = await cartDocuments();
  for (const path of ['/api/cart', '/api/cart?zipCode=60601', '/api/cart/session']) {
    expect((await request.get(path, { headers })).status()).toBe(200);
  }
  expect(await cartDocuments()).toEqual(before);
});
