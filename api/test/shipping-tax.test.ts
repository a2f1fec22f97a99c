// Shipping from the local rate table and tax by region. Expected numbers are worked out by hand from
// the tables in shipping.ts and tax.ts (weights in thousandths of an ounce, rates in cents).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_ZIP_MESSAGE } from '@shop/contracts';
import { AppError } from '../src/platform/errors';
import { billedPounds, quoteShipping, zoneForUsZip } from '../src/modules/shipping/shipping';
import { DEFAULT_TAX_RATES, taxFor, taxRegionOf } from '../src/modules/tax/tax';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(); // no TAX_RATES: the default table
});
afterAll(async () => {
  await app?.close();
});

// phenolic 3 x 2 x 1: 6 x 49 = 294 + 6000 packaging -> 1 lb
const small = { material: 'phenolic', width: 3, height: 2, quantity: 1 } as const;
// phenolic 9 x 9 x 100: 81 x 49 x 100 = 396900 + 6000 = 402900 -> 25.2 -> 26 lb
const heavy = { material: 'phenolic', width: 9, height: 9, quantity: 100 } as const;
// indoor 4 x 4 x 50: 16 x 43 x 50 = 34400 + 6000 = 40400 -> 3 lb
const medium = { material: 'indoor', width: 4, height: 4, quantity: 50 } as const;

const estimate = (body: unknown) => app.request('POST', '/api/shipping-estimate', { body });

describe('POST /api/shipping-estimate', () => {
  it.each([
    // USPS 450 + 65 z (+ (35 + 12 z) per extra lb); UPS 800 + 70 z (+ (25 + 9 z) per extra lb)
    ['60601', small, 5.15, 8.7], // zone 1 (the shop's own 606 area)
    ['62701', small, 5.8, 9.4], // zone 2 (area 6)
    ['10001', small, 7.75, 11.5], // zone 5
    ['90210', small, 9.7, 13.6], // zone 8
    ['99501', small, 10.35, 14.3], // zone 9 (Alaska)
    ['10001-1234', medium, 9.65, 12.9], // zone 5, 3 lb: 775 + 2 x 95; 1150 + 2 x 70
    ['90210', heavy, 42.45, 37.85], // zone 8, 26 lb: 970 + 25 x 131; 1360 + 25 x 97
  ])('to %s for %j: USPS %s, UPS %s', async (toZip, line, usps, ups) => {
    const response = await estimate({
      labelType: line.material,
      width: line.width,
      height: line.height,
      quantity: line.quantity,
      toZip,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, estimate: { rates: { usps, ups } } });
  });

  it('rates grow with distance and with weight, and the same input gives the same rates', async () => {
    const rates = async (toZip: string, quantity: number) =>
      (await estimate({ labelType: 'uv-resistant', width: 6, height: 6, quantity, toZip })).body
        .estimate.rates;
    const near = await rates('60601', 10);
    const far = await rates('94105', 10);
    const farHeavier = await rates('94105', 400);
    expect(far.usps).toBeGreaterThan(near.usps);
    expect(far.ups).toBeGreaterThan(near.ups);
    expect(farHeavier.usps).toBeGreaterThan(far.usps);
    expect(farHeavier.ups).toBeGreaterThan(far.ups);
    expect(await rates('94105', 400)).toEqual(farHeavier);
  });

  it.each(['M5V 2T6', '1234', '123456', 'ABCDE', '12345-12', ''])(
    'when toZip is %j, then 400 "%s"',
    async (toZip) => {
      const response = await estimate({
        labelType: 'phenolic',
        width: 3,
        height: 2,
        quantity: 1,
        toZip,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: SHIPPING_ZIP_MESSAGE,
        errors: [{ path: 'toZip', message: SHIPPING_ZIP_MESSAGE }],
      });
    },
  );

  it.each([
    [
      { labelType: 'gold' },
      'labelType',
      'Label type must be one of indoor, phenolic, uv-resistant',
    ],
    [{ width: 0.5 }, 'width', 'Width must be at least 0.75 inches'],
    [{ height: '2' }, 'height', 'Height must be a number'],
    [{ quantity: 0 }, 'quantity', 'Quantity must be at least 1'],
    [{ toZip: 60601 }, 'toZip', SHIPPING_ZIP_MESSAGE],
  ])('when %j, then 400 naming %s', async (change, path, message) => {
    const response = await estimate({
      labelType: 'phenolic',
      width: 3,
      height: 2,
      quantity: 1,
      toZip: '60601',
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path, message }]);
  });

  it('when the body is malformed or injected, then 400', async () => {
    expect((await estimate('{"toZip":')).status).toBe(400);
    const injected = await estimate({
      labelType: 'phenolic',
      width: 3,
      height: 2,
      quantity: 1,
      toZip: { $gt: '' },
    });
    expect(injected.status).toBe(400);
  });
});

describe('quoteShipping (what the order charges)', () => {
  it('charges the lower of the two carriers’ highest per-item rates', () => {
    // USPS highest 4245 (heavy), UPS highest 3785 (heavy): UPS is charged.
    expect(quoteShipping([small, heavy], '90210')).toEqual({
      uspsCents: 4245,
      upsCents: 3785,
      chargeCents: 3785,
    });
    // Light cart: USPS 970 vs UPS 1360.
    expect(quoteShipping([small], '90210')).toEqual({
      uspsCents: 970,
      upsCents: 1360,
      chargeCents: 970,
    });
  });

  it('ships to Canada from a flat international table by weight', () => {
    expect(quoteShipping([small], 'M5V 2T6')).toEqual({
      uspsCents: 2600,
      upsCents: 3400,
      chargeCents: 2600,
    });
    // 26 lb: 2600 + 25 x 450; 3400 + 25 x 350
    expect(quoteShipping([heavy], 'm5v2t6')).toEqual({
      uspsCents: 13850,
      upsCents: 12150,
      chargeCents: 12150,
    });
  });

  it('charges nothing for no lines, and refuses what is neither a US ZIP nor a Canadian postal code', () => {
    expect(quoteShipping([], '60601')).toEqual({ uspsCents: 0, upsCents: 0, chargeCents: 0 });
    expect(() => quoteShipping([small], 'SW1A 1AA')).toThrow(AppError);
  });

  it('bills whole pounds with packaging, and zones by ZIP area', () => {
    expect(billedPounds(small)).toBe(1);
    expect(billedPounds(medium)).toBe(3);
    expect(billedPounds(heavy)).toBe(26);
    expect([
      zoneForUsZip('60614'),
      zoneForUsZip('46204'),
      zoneForUsZip('96813'),
      zoneForUsZip('02108'),
    ]).toEqual([1, 3, 9, 5]);
  });
});

describe('tax', () => {
  it.each([
    ['60601', 'IL'],
    ['10001', 'NY'],
    ['00501', 'NY'],
    ['02108', 'MA'],
    ['05501', 'MA'],
    ['20500', 'DC'],
    ['73301', 'TX'],
    ['73102', 'OK'],
    ['88510', 'TX'],
    ['96813', 'HI'],
    ['99501', 'AK'],
    ['90210-1234', 'CA'],
    ['A1A 1A1', 'NL'],
    ['H2X 1Y4', 'QC'],
    ['K1A 0B1', 'ON'],
    ['T2P 1J9', 'AB'],
    ['X1A 2P4', 'NT'],
    ['00000', null],
    ['D1A 1A1', null],
    ['hello', null],
    [undefined, null],
  ])('postal code %s is in region %s', (postalCode, region) => {
    expect(taxRegionOf(postalCode)).toBe(region);
  });

  it('collects only where the table says, rounding half a cent up', () => {
    const rates = { IL: 0.0625, ON: 0.13 };
    expect(taxFor('60601', 1000, rates)).toEqual({ region: 'IL', amountCents: 63 }); // 62.5 -> 63
    expect(taxFor('60601', 999, rates)).toEqual({ region: 'IL', amountCents: 62 }); // 62.4375
    expect(taxFor('K1A 0B1', 10_000, rates)).toEqual({ region: 'ON', amountCents: 1300 });
    expect(taxFor('75001', 10_000, rates)).toEqual({ region: 'TX', amountCents: 0 });
    expect(taxFor('nowhere', 10_000, rates)).toEqual({ region: null, amountCents: 0 });
    expect(taxFor('60601', 0, rates)).toEqual({ region: 'IL', amountCents: 0 });
  });

  it('without TAX_RATES the default table applies (WI 5%)', async () => {
    expect(DEFAULT_TAX_RATES.WI).toBe(0.05);
    await app.request('POST', '/api/cart', {
      body: {
        material: 'indoor',
        width: 1,
        height: 1,
        color: 'black-white',
        mounting: 'no-mounting',
        quantity: 4,
      },
    });
    const response = await app.request('GET', '/api/cart?zipCode=53703');
    // 4 x 2.35 = 9.40; 940 x 0.05 = 47
    expect(response.body).toMatchObject({
      subtotal: 9.4,
      tax: { region: 'WI', amount: 0.47 },
      total: 9.87,
    });
  });
});
