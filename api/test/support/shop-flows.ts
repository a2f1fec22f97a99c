// What a shopper does, as calls: fill a cart, sign up, check out, pay. For the accounts, orders,
// payments and admin tests; each step checks its own answer so a test fails where the flow broke.
import { expect } from 'vitest';
import type { CustomerInfoInput, LabelConfigurationInput } from '@shop/contracts';
import { SANDBOX_TEST_NONCES } from '@shop/contracts';
import { CustomerModel } from '../../src/modules/accounts/model';
import type { TestAgent, TestResponse } from './test-app';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';

export const PASSWORD = 'correct horse';

/** Phenolic 3 x 2 with adhesive: $5.20 a label (docs/design.md section 4's example). */
export function label(overrides: Partial<LabelConfigurationInput> = {}): LabelConfigurationInput {
  return {
    ...SAMPLE_PRODUCT_CONFIG,
    customText: 'PUMP 1',
    quantity: 1,
    ...overrides,
  };
}

export function customerInfo(overrides: Partial<CustomerInfoInput> = {}): CustomerInfoInput {
  return {
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '555-0100',
    email: 'ann@example.com',
    company: 'Acme Pumps',
    street: '12 Main St',
    city: 'New York',
    state: 'NY',
    zipCode: '10001',
    ...overrides,
  };
}

let emailCount = 0;
export function uniqueEmail(name = 'shopper'): string {
  emailCount += 1;
  return `${name}.${Date.now()}.${emailCount}@example.com`;
}

export async function addToCart(
  agent: TestAgent,
  overrides: Partial<LabelConfigurationInput> = {},
) {
  const response = await agent.request('POST', '/api/cart', { body: label(overrides) });
  expect(response.status, response.text).toBe(201);
  return response;
}

export async function register(
  agent: TestAgent,
  fields: Record<string, unknown> = {},
): Promise<TestResponse> {
  const response = await agent.request('POST', '/api/auth/register', {
    body: {
      email: uniqueEmail(),
      password: PASSWORD,
      firstName: 'Ann',
      lastName: 'Lee',
      ...fields,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response;
}

/** A signed-in admin (made admin in the database; the secret route has tests of its own). */
export async function registerAdmin(agent: TestAgent): Promise<TestResponse> {
  const registered = await register(agent, { email: uniqueEmail('admin') });
  await CustomerModel.updateOne({ _id: registered.body.id }, { $set: { isAdmin: true } });
  return registered;
}

/**
 * Places the agent's cart as an order. By default the shopper skips the proof (paid means processing),
 * as the tests of shipping, cancelling and payments expect; proof-workflow.test.ts tests the proof.
 */
export async function placeOrder(
  agent: TestAgent,
  info: Partial<CustomerInfoInput> = {},
  { skipProof = true }: { skipProof?: boolean } = {},
): Promise<{ orderId: string; orderNumber: number; total: number }> {
  const response = await agent.request('POST', '/api/orders', {
    body: { customerInfo: customerInfo(info), skipProof },
  });
  expect([200, 201], response.text).toContain(response.status);
  return response.body;
}

export function pay(
  agent: TestAgent,
  orderId: string,
  token: string = SANDBOX_TEST_NONCES.approved,
) {
  return agent.request('POST', '/api/payment/complete', {
    body: {
      orderId,
      paymentId: token,
      customerName: 'Ann Lee',
      customerEmail: 'ann@example.com',
      customerPhone: '555-0100',
      customerCompany: 'Acme Pumps',
      customerAddress: '12 Main St, New York, NY',
      customerZipCode: '10001',
    },
  });
}

/** The agent's cookies as its browser would send them. */
export function cookieOf(agent: TestAgent): string {
  return [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** One file uploaded as the agent (POST /api/upload must take it); its stored name. */
/** A spreadsheet of labels uploaded as the agent (POST /api/label-sheets); its id. */
export async function uploadSheet(
  baseUrl: string,
  agent: TestAgent,
  name: string,
  content: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${baseUrl}/api/label-sheets`, {
    method: 'POST',
    headers: { 'x-session-id': agent.sessionId, cookie: cookieOf(agent) },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export async function uploadFile(
  baseUrl: string,
  agent: TestAgent,
  name: string,
  content: string | Uint8Array<ArrayBuffer>,
): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([content]), name);
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: { 'x-session-id': agent.sessionId, cookie: cookieOf(agent) },
    body: form,
  });
  const body = (await response.json()) as { files?: Array<{ filename: string }> };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.files![0]!.filename;
}
