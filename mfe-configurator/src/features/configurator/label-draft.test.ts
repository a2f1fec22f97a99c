import { describe, expect, it } from 'vitest';
import {
  initialLabelDraft,
  priceableConfiguration,
  validateForCart,
  type LabelDraft,
} from './label-draft';
import { labelConfigurationSchema } from '@shop/contracts/label-configuration';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';

const schema = labelConfigurationSchema;

const phenolic: LabelDraft = {
  ...initialLabelDraft,
  material: 'phenolic',
  width: '3',
  height: '2',
  mounting: 'adhesive',
  quantity: '1',
};

describe('priceableConfiguration (the price display resets to zeros when it is null)', () => {
  it('gives the configuration as numbers when everything is there', () => {
    expect(priceableConfiguration(phenolic, schema)).toEqual({
      ...SAMPLE_PRODUCT_CONFIG,
      customText: '',
      quantity: 1,
      files: [],
      series: null,
      code: null,
      rows: null,
    });
  });

  it.each([
    ['the material is missing', { material: null }],
    ['the width is missing', { width: '' }],
    ['the height is missing', { height: '' }],
    ['the quantity is missing', { quantity: '' }],
    ['the width is under 0.75', { width: '0.74' }],
    ['the height is under 0.75', { height: '0.5' }],
  ] satisfies [string, Partial<LabelDraft>][])('is null when %s', (_case, change) => {
    expect(priceableConfiguration({ ...phenolic, ...change }, schema)).toBeNull();
  });

  it('prices the smallest and largest sizes', () => {
    expect(
      priceableConfiguration({ ...phenolic, width: '0.75', height: '9' }, schema),
    ).not.toBeNull();
  });

  it('does not ask the server to price a label it would refuse (over 9 inches, a third decimal, quantity 0)', () => {
    expect(priceableConfiguration({ ...phenolic, width: '9.01' }, schema)).toBeNull();
    expect(priceableConfiguration({ ...phenolic, height: '1.234' }, schema)).toBeNull();
    expect(priceableConfiguration({ ...phenolic, quantity: '0' }, schema)).toBeNull();
  });
});

describe('before the schema is loaded (the first render runs no zod)', () => {
  it('prices nothing yet when the label has its size and quantity, and zeros when it has not', () => {
    expect(priceableConfiguration(phenolic, undefined)).toBeUndefined();
    expect(priceableConfiguration({ ...phenolic, material: null }, undefined)).toBeNull();
    expect(priceableConfiguration({ ...phenolic, width: '0.5' }, undefined)).toBeNull();
  });

  it('lets nothing into the cart and blames no field', () => {
    expect(validateForCart(phenolic, undefined)).toEqual({ ok: false, errors: {} });
  });
});

describe('validateForCart', () => {
  it('accepts a complete label', () => {
    expect(validateForCart(phenolic, schema).ok).toBe(true);
  });

  it('names each field that is wrong, with the shared schema’s message', () => {
    const result = validateForCart(
      { ...phenolic, width: '0.5', height: '', quantity: '0' },
      schema,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        width: 'Width must be at least 0.75 inches',
        height: 'Height must be a number',
        quantity: 'Quantity must be at least 1',
      },
    });
  });
});
