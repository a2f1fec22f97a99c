// POST /api/calculate-price against the rules of docs/design.md section 4. Expected prices are worked out
// here by hand (setup 200c + area x rate + mounting, then the quantity break, rounded to the cent),
// not by calling the contracts' priceLabel, so a wrong rule there is caught.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const base = {
  ...SAMPLE_PRODUCT_CONFIG,
  customText: 'PUMP 1',
  quantity: 1,
  files: [],
};

const price = (body: unknown) => app.request('POST', '/api/calculate-price', { body });

describe('POST /api/calculate-price', () => {
  it('prices the design example: phenolic 3 x 2, adhesive, quantity 1 is $5.20', async () => {
    // 200 + 6 x 45 + 50 = 520 cents
    const response = await price(base);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ unitPrice: 5.2, subtotal: 5.2, total: 5.2, area: 6 });
  });

  it('prices one label when no quantity is given (its default is 1)', async () => {
    const { quantity: _quantity, ...withoutQuantity } = base;
    const response = await price(withoutQuantity);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ unitPrice: 5.2, subtotal: 5.2, total: 5.2, area: 6 });
  });

  // [material, width, height, mounting, quantity, area, unit cents, subtotal cents] with the working.
  const table: Array<[string, number, number, string, number, number, number, number, string]> = [
    ['indoor', 1, 1, 'no-mounting', 1, 1, 235, 235, '200 + 1 x 35'],
    ['indoor', 0.75, 0.75, 'no-mounting', 1, 0.5625, 220, 220, '200 + 0.5625 x 35 = 219.6875'],
    ['uv-resistant', 9, 9, 'adhesive', 1, 81, 4705, 4705, '200 + 81 x 55 + 50'],
    ['phenolic', 9, 9, 'mounting-holes', 1, 81, 3895, 3895, '200 + 81 x 45 + 50'],
    ['indoor', 2.5, 1.25, 'mounting-holes', 3, 3.125, 359, 1077, '200 + 109.375 + 50 = 359.375'],
    ['phenolic', 4, 3, 'no-mounting', 10, 12, 703, 7030, '(200 + 540) x 0.95 = 703'],
    ['uv-resistant', 6, 2, 'adhesive', 25, 12, 819, 20475, '(200 + 660 + 50) x 0.90 = 819'],
    ['indoor', 5, 5, 'no-mounting', 50, 25, 914, 45700, '(200 + 875) x 0.85 = 913.75'],
    ['phenolic', 8, 4, 'adhesive', 100, 32, 1352, 135200, '(200 + 1440 + 50) x 0.80 = 1352'],
    [
      'uv-resistant',
      1.5,
      0.75,
      'mounting-holes',
      9,
      1.125,
      312,
      2808,
      '200 + 61.875 + 50 = 311.875',
    ],
    ['indoor', 3.33, 2.17, 'adhesive', 2, 7.2261, 503, 1006, '200 + 252.9135 + 50 = 502.9135'],
    ['phenolic', 0.75, 9, 'no-mounting', 24, 6.75, 479, 11496, '(200 + 303.75) x 0.95 = 478.5625'],
    [
      'uv-resistant',
      7.25,
      3.5,
      'no-mounting',
      49,
      25.375,
      1436,
      70364,
      '(200 + 1395.625) x 0.90 = 1436.0625',
    ],
    [
      'indoor',
      9,
      0.75,
      'mounting-holes',
      99,
      6.75,
      413,
      40887,
      '(200 + 236.25 + 50) x 0.85 = 413.3125',
    ],
    ['phenolic', 1.01, 1.01, 'adhesive', 1, 1.0201, 296, 296, '200 + 45.9045 + 50 = 295.9045'],
    [
      'uv-resistant',
      4.44,
      4.44,
      'mounting-holes',
      12,
      19.7136,
      1268,
      15216,
      '(200 + 1084.248 + 50) x 0.95 = 1267.5356',
    ],
    [
      'indoor',
      6.5,
      4.25,
      'adhesive',
      30,
      27.625,
      1095,
      32850,
      '(200 + 966.875 + 50) x 0.90 = 1095.1875',
    ],
    ['phenolic', 2, 2, 'mounting-holes', 75, 4, 366, 27450, '(200 + 180 + 50) x 0.85 = 365.5'],
    ['uv-resistant', 0.99, 1.99, 'no-mounting', 5, 1.9701, 308, 1540, '200 + 108.3555 = 308.3555'],
    [
      'indoor',
      8.88,
      8.88,
      'no-mounting',
      250,
      78.8544,
      2368,
      592000,
      '(200 + 2759.904) x 0.80 = 2367.9232',
    ],
    [
      'phenolic',
      3.1,
      1.9,
      'no-mounting',
      1000,
      5.89,
      372,
      372000,
      '(200 + 265.05) x 0.80 = 372.04',
    ],
    [
      'uv-resistant',
      2.22,
      3.33,
      'adhesive',
      15,
      7.3926,
      624,
      9360,
      '(200 + 406.593 + 50) x 0.95 = 623.76335',
    ],
    ['indoor', 1.23, 4.56, 'mounting-holes', 7, 5.6088, 446, 3122, '200 + 196.308 + 50 = 446.308'],
  ];

  it.each(table)(
    '%s %s x %s, %s, quantity %s: area %s, unit %s cents, subtotal %s cents (%s)',
    async (material, width, height, mounting, quantity, area, unitCents, subtotalCents) => {
      const response = await price({ ...base, material, width, height, mounting, quantity });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        unitPrice: unitCents / 100,
        subtotal: subtotalCents / 100,
        total: subtotalCents / 100,
        area,
      });
    },
  );

  // indoor 2 x 1, no mounting: 200 + 70 = 270 cents before the break.
  it.each([
    [9, 2.7, 24.3],
    [10, 2.57, 25.7], // 270 x 0.95 = 256.5 -> 257
    [24, 2.57, 61.68],
    [25, 2.43, 60.75], // 270 x 0.90 = 243
    [49, 2.43, 119.07],
    [50, 2.3, 115], // 270 x 0.85 = 229.5 -> 230
    [99, 2.3, 227.7],
    [100, 2.16, 216], // 270 x 0.80 = 216
  ])(
    'quantity break boundary: quantity %i costs %s each, %s in all',
    async (quantity, unitPrice, subtotal) => {
      const response = await price({
        ...base,
        material: 'indoor',
        width: 2,
        height: 1,
        mounting: 'no-mounting',
        quantity,
      });
      expect(response.body).toEqual({ unitPrice, subtotal, total: subtotal, area: 2 });
    },
  );

  it('ignores fields it does not know (stripped), including prices sent by the browser', async () => {
    const response = await price({ ...base, unitPrice: 0.01, totalPrice: 0.01, discount: 99 });
    expect(response.status).toBe(200);
    expect(response.body.unitPrice).toBe(5.2);
  });
});

describe('POST /api/calculate-price with bad input', () => {
  it.each([
    [{ width: 0.74 }, 'width', 'Width must be at least 0.75 inches'],
    [{ width: 9.01 }, 'width', 'Width must be at most 9 inches'],
    [{ height: 0.5 }, 'height', 'Height must be at least 0.75 inches'],
    [{ height: 10 }, 'height', 'Height must be at most 9 inches'],
    [{ width: 1.005 }, 'width', 'Width must use steps of 0.01 inches'],
    [{ width: '3' }, 'width', 'Width must be a number'],
    [{ material: 'gold' }, 'material', 'Material must be one of indoor, phenolic, uv-resistant'],
    [
      { color: 'pink' },
      'color',
      'Color must be one of black-white, white-black, red-white, orange-black, yellow-black',
    ],
    [
      { mounting: 'glue' },
      'mounting',
      'Mounting must be one of no-mounting, mounting-holes, adhesive',
    ],
    [{ quantity: 0 }, 'quantity', 'Quantity must be at least 1'],
    [{ quantity: 1.5 }, 'quantity', 'Quantity must be a whole number'],
    [{ quantity: null }, 'quantity', 'Quantity must be a number'],
  ])('when %j, then 400 naming %s', async (change, path, message) => {
    const response = await price({ ...base, ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path, message }]);
    expect(response.body.message).toBe(message);
  });

  it('when the configuration is incomplete, then 400 naming each missing field', async () => {
    const response = await price({ customText: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'color',
      'height',
      'material',
      'mounting',
      'width',
    ]);
  });

  it('when the JSON is malformed, then 400 "Malformed JSON body"', async () => {
    const response = await price('{"material": "indoor",');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('when a value is an operator object, then 400 before anything runs', async () => {
    const response = await price({ ...base, material: { $gt: '' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'material.$gt', message: 'Field name not allowed' },
    ]);
  });

  it('when the body is huge, then 413 in the error format', async () => {
    const response = await price({ ...base, customText: 'x'.repeat(200 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body is too large' });
  });

  it('when the body is a JSON array or a string, then 400, never 500', async () => {
    for (const body of ['[1,2]', '"phenolic"', 'null']) {
      const response = await price(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });
});
