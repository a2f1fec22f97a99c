import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactEnquiryModel } from '../src/modules/contact/model';
import { OutboxModel } from '../src/modules/mail/model';
import { registerAdmin } from './support/shop-flows';
import { startTestApp, TEST_SESSION_ID, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const enquiry = {
  name: 'Ann Lee',
  email: 'ann@plant.example',
  company: 'Lee Plastics',
  message: 'Can you quote 40 phenolic labels, 3 x 2 inches, with adhesive?',
};

describe('POST /api/contact', () => {
  it('when an enquiry is valid, then 201 with its id and it is stored with the guest session', async () => {
    const response = await app.request('POST', '/api/contact', {
      body: { ...enquiry, name: '  Ann Lee  ' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const stored = await ContactEnquiryModel.findById(response.body.id).lean();
    expect(stored).toMatchObject({ ...enquiry, sessionId: TEST_SESSION_ID, status: 'new' });
    expect(stored?.createdAt).toBeInstanceOf(Date);
  });

  it('when company is left out, then it is stored as empty', async () => {
    const { company: _company, ...withoutCompany } = enquiry;
    const response = await app.request('POST', '/api/contact', { body: withoutCompany });
    expect(response.status).toBe(201);
    expect(await ContactEnquiryModel.findById(response.body.id).lean()).toMatchObject({
      company: '',
    });
  });

  it("when fields are missing or wrong, then 400 naming each one with the form's messages, and nothing is stored", async () => {
    const response = await app.request('POST', '/api/contact', {
      body: { name: '', email: 'not-an-email', message: 'short' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Please enter your name' },
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'message', message: 'Please tell us a little more (at least 10 characters)' },
      ]),
    );
  });

  it('when the body is empty, then 400 naming the required fields', async () => {
    const response = await app.request('POST', '/api/contact');
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'email',
      'message',
      'name',
    ]);
  });

  it('when a field carries an operator object, then 400 and nothing reaches the database', async () => {
    const response = await app.request('POST', '/api/contact', {
      body: { ...enquiry, email: { $ne: null } },
    });
    expect(response.status).toBe(400);
  });

  it('when the call has no x-session-id (a cross-site form), then 403', async () => {
    const response = await app.request('POST', '/api/contact', { body: enquiry, sessionId: null });
    expect(response.status).toBe(403);
  });

  it('when enquiries from six networks give one address, then each is kept and forwarded to the shop, and 5 acknowledgements an hour reach that address', async () => {
    const ids: string[] = [];
    for (let network = 1; network <= 6; network++) {
      const response = await app.request('POST', '/api/contact', {
        // Any case is one address.
        body: { ...enquiry, email: network % 2 ? 'Target@Plant.example' : 'target@plant.example' },
        headers: { 'x-forwarded-for': `198.18.50.${network}` },
      });
      expect(response.status).toBe(201);
      ids.push(response.body.id as string);
    }
    const stored = await ContactEnquiryModel.find({ email: /^target@plant\.example$/i }).lean();
    expect(stored.map((kept) => String(kept._id)).sort()).toEqual([...ids].sort());
    const keys = new Set(
      (await OutboxModel.find({ kind: /^enquiry_/ }, { key: 1 }).lean()).map((mail) => mail.key),
    );
    const forwarded = ids.filter((id) => keys.has(`enquiry_forward:${id}`)).length;
    expect(forwarded).toBe(6);
    const acknowledged = ids.filter((id) => keys.has(`enquiry_received:${id}`)).length;
    expect(acknowledged).toBe(5);
  });
});

describe('the admin’s outbox with no mail server (no MAIL_URL)', () => {
  it('when an enquiry’s messages are handled, then the outbox says they are kept there, not sent', async () => {
    const admin = app.agent();
    await registerAdmin(admin);
    expect((await app.request('POST', '/api/contact', { body: enquiry })).status).toBe(201);
    const page = await admin.request('GET', '/api/admin/outbox?limit=5');
    expect(page.status).toBe(200);
    expect(page.body.mailServer).toBe(false);
  });
});
