// Customer self-service (docs/product.md section 10): password reset by an emailed link, the profile
// and email change, and guest orders joining an account once its email is confirmed.
import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountMessages,
  adminMessages,
  emailConfirmedSchema,
  forgotPasswordAnswerSchema,
  shopUserSchema,
} from '@shop/contracts';
import { resetPassword } from '../src/modules/accounts/accounts';
import { AccountTokenModel } from '../src/modules/accounts/model';
import { OutboxModel } from '../src/modules/mail/model';
import { OrderModel } from '../src/modules/orders/model';
import { LabelSheetModel } from '../src/modules/asset-tags/model';
import {
  PASSWORD,
  addToCart,
  pay,
  placeOrder,
  register,
  registerAdmin,
  uniqueEmail,
  uploadSheet,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const NEW_PASSWORD = 'battery staple';

/** The token in the newest link of this kind mailed to `to`, waiting for it to be queued. */
async function tokenFromOutbox(
  to: string,
  kind: 'password_reset' | 'email_confirmation',
  path: string,
): Promise<string> {
  for (let wait = 0; wait < 50; wait++) {
    // The newest, as the admin's Outbox lists them.
    const mail = await OutboxModel.findOne({ to, kind }).sort({ createdAt: -1, _id: -1 }).lean();
    const match = mail && new RegExp(`/${path}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text);
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No ${kind} mail to ${to}`);
}

/** A registered customer whose email is confirmed by the link mailed to it; their email. */
async function registerConfirmed(agent: TestAgent): Promise<string> {
  const email = (await register(agent)).body.email as string;
  const token = await tokenFromOutbox(email, 'email_confirmation', 'confirm-email');
  expect((await agent.request('POST', '/api/auth/confirm-email', { body: { token } })).status).toBe(
    200,
  );
  return email;
}

function forgot(agent: TestAgent, email: string) {
  return agent.request('POST', '/api/auth/forgot-password', { body: { email } });
}

function reset(agent: TestAgent, token: string, newPassword = NEW_PASSWORD) {
  return agent.request('POST', '/api/auth/reset-password', { body: { token, newPassword } });
}

async function me(agent: TestAgent) {
  return (await agent.request('GET', '/api/auth/me')).body;
}

async function signIn(agent: TestAgent, email: string, password: string) {
  return agent.request('POST', '/api/auth/login', { body: { email, password } });
}

/** A registered customer, and a token from a reset link they asked for. */
async function customerWithResetToken() {
  const owner = app.agent();
  const email = (await register(owner)).body.email as string;
  expect((await forgot(app.agent(), email)).status).toBe(202);
  return { owner, email, token: await tokenFromOutbox(email, 'password_reset', 'reset-password') };
}

describe('POST /api/auth/forgot-password', () => {
  it('when the email has an account or not, then the answer is the same, and only the account gets a link', async () => {
    const email = (await register(app.agent())).body.email as string;
    const unknown = uniqueEmail('nobody');

    const known = await forgot(app.agent(), email);
    const stranger = await forgot(app.agent(), unknown);
    expect(known.status).toBe(202);
    expect(stranger.status).toBe(202);
    expect(known.text).toBe(stranger.text);
    expect(forgotPasswordAnswerSchema.parse(known.body).message).toBe(
      accountMessages.resetLinkSent,
    );

    const token = await tokenFromOutbox(email, 'password_reset', 'reset-password');
    expect(token).toHaveLength(43);
    const mail = await OutboxModel.findOne({ to: email, kind: 'password_reset' }).lean();
    expect(mail?.html).toContain(`/reset-password?token=${token}`);
    expect(await OutboxModel.countDocuments({ to: unknown })).toBe(0);
  });

  it('when one email is asked for too often from one address, then 429, the same for an unknown email', async () => {
    const email = (await register(app.agent())).body.email as string;
    const unknown = uniqueEmail('nobody');
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    for (const address of [email, unknown]) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await app
          .agent()
          .request('POST', '/api/auth/forgot-password', { body: { email: address }, headers });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    }
    // Another address is not held back: no one can use up the owner's requests.
    const elsewhere = await app.agent().request('POST', '/api/auth/forgot-password', {
      body: { email },
      headers: { 'x-forwarded-for': '203.0.113.78' },
    });
    expect(elsewhere.status).toBe(202);
  });

  it('when requests for one account come from many networks, then at most 10 links an hour are mailed, the answer stays the same, and a link mailed still resets the password', async () => {
    const email = (await register(app.agent())).body.email as string;
    const mailed = () => OutboxModel.countDocuments({ to: email, kind: 'password_reset' });
    // 5 from each of 6 networks: within every per-address limit.
    for (let network = 1; network <= 6; network++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await app.agent().request('POST', '/api/auth/forgot-password', {
          body: { email },
          headers: { 'x-forwarded-for': `198.51.100.${network}` },
        });
        expect(response.status).toBe(202);
        expect(response.body.message).toBe(accountMessages.resetLinkSent);
      }
    }
    for (let wait = 0; wait < 50 && (await mailed()) < 10; wait++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailed()).toBe(10);

    const token = await tokenFromOutbox(email, 'password_reset', 'reset-password');
    expect((await reset(app.agent(), token)).status).toBe(200);
    expect((await signIn(app.agent(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('when accounts made one after another with an unconfirmed address ask for resets from many networks, then 10 links an hour reach it from all of them; an owner who confirmed the address is not held back', async () => {
    const target = uniqueEmail('reset-target');
    const mailed = () => OutboxModel.countDocuments({ to: target, kind: 'password_reset' });
    const ask = (network: string) =>
      app.agent().request('POST', '/api/auth/forgot-password', {
        body: { email: target },
        headers: { 'x-forwarded-for': network },
      });
    const take = async () => {
      const agent = app.agent();
      expect((await register(agent, { email: target })).status).toBe(201);
      return agent;
    };
    const leave = async (agent: TestAgent) => {
      const deleted = await agent.request('POST', '/api/account/delete', {
        body: { currentPassword: PASSWORD },
      });
      expect(deleted.status, deleted.text).toBe(204);
    };
    // The first account: 5 requests from each of two networks, all mailed.
    const first = await take();
    for (const network of ['198.18.43.1', '198.18.43.2'])
      for (let attempt = 0; attempt < 5; attempt++) expect((await ask(network)).status).toBe(202);
    await vi.waitFor(async () => expect(await mailed()).toBe(10));
    await leave(first);
    // The next account with the address: the same answer, nothing more mailed.
    const next = await take();
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await ask('198.18.43.3')).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailed()).toBe(10);
    await leave(next);

    // Its owner, who confirms it, gets a link that resets the password.
    const owner = await take();
    const confirmation = await tokenFromOutbox(target, 'email_confirmation', 'confirm-email');
    const confirmed = await owner.request('POST', '/api/auth/confirm-email', {
      body: { token: confirmation },
    });
    expect(confirmed.status).toBe(200);
    expect((await ask('198.18.43.4')).status).toBe(202);
    await vi.waitFor(async () => expect(await mailed()).toBe(11));
    const token = await tokenFromOutbox(target, 'password_reset', 'reset-password');
    expect((await reset(app.agent(), token)).status).toBe(200);
    expect((await signIn(app.agent(), target, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('when the link is followed, then the password changes, every other session ends and this browser is signed in', async () => {
    const { owner, email, token } = await customerWithResetToken();
    const otherDevice = app.agent();
    expect((await signIn(otherDevice, email, PASSWORD)).status).toBe(200);
    expect((await me(owner))?.email).toBe(email);

    const browser = app.agent();
    const response = await reset(browser, token);
    expect(response.status, response.text).toBe(200);
    expect(shopUserSchema.parse(response.body).email).toBe(email);
    expect((await me(browser))?.email).toBe(email);
    expect(await me(owner)).toBeNull();
    expect(await me(otherDevice)).toBeNull();

    expect((await signIn(app.agent(), email, PASSWORD)).status).toBe(401);
    expect((await signIn(app.agent(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('when a customer asked for two links and used one, then the other no longer works', async () => {
    const { email, token: first } = await customerWithResetToken();
    expect((await forgot(app.agent(), email)).status).toBe(202);
    let second = first;
    for (let wait = 0; wait < 50 && second === first; wait++) {
      second = await tokenFromOutbox(email, 'password_reset', 'reset-password');
      if (second === first) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(second).not.toBe(first);
    expect((await reset(app.agent(), second)).status).toBe(200);
    const stale = await reset(app.agent(), first, 'another choice');
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(accountMessages.resetLinkInvalid);
    expect((await signIn(app.agent(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('when the token is read from the database, then only its SHA-256 is there', async () => {
    const { token } = await customerWithResetToken();
    const hash = createHash('sha256').update(token).digest('hex');
    const stored = await AccountTokenModel.findById(hash).lean();
    expect(stored?.purpose).toBe('password-reset');
    const everything = JSON.stringify(
      await mongoose.connection.collection('account_tokens').find({}).toArray(),
    );
    expect(everything).not.toContain(token);
  });

  it('when one link is used twice at the same moment, then exactly one use sets the password', async () => {
    const { email, token } = await customerWithResetToken();
    const answers = await Promise.all([
      reset(app.agent(), token, 'first choice'),
      reset(app.agent(), token, 'second choice'),
      reset(app.agent(), token, 'third choice'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
    const winner = ['first choice', 'second choice', 'third choice'][
      answers.findIndex((answer) => answer.status === 200)
    ];
    expect((await signIn(app.agent(), email, winner ?? '')).status).toBe(200);
    for (const loser of answers.filter((answer) => answer.status === 400)) {
      expect(loser.body.message).toBe(accountMessages.resetLinkInvalid);
    }
    const again = await reset(app.agent(), token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(accountMessages.resetLinkInvalid);
  });

  it('when the clock reaches an hour after the link was made, then it no longer works; a minute before, it does', async () => {
    const { email, token } = await customerWithResetToken();
    const hash = createHash('sha256').update(token).digest('hex');
    const issued = (await AccountTokenModel.findById(hash).lean())!.createdAt.getTime();
    const input = { token, newPassword: NEW_PASSWORD };
    await expect(resetPassword(input, new Date(issued + 60 * 60 * 1000))).rejects.toMatchObject({
      message: accountMessages.resetLinkInvalid,
    });
    expect((await signIn(app.agent(), email, PASSWORD)).status).toBe(200);
    await resetPassword(input, new Date(issued + 59 * 60 * 1000));
    expect((await signIn(app.agent(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('when the link has expired, is unknown or malformed, then the one clear message and nothing changes', async () => {
    const { email, token } = await customerWithResetToken();
    const hash = createHash('sha256').update(token).digest('hex');
    await AccountTokenModel.updateOne({ _id: hash }, { $set: { expiresAt: new Date() } });

    const expired = await reset(app.agent(), token);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(accountMessages.resetLinkInvalid);
    const unknown = await reset(app.agent(), 'A'.repeat(43));
    expect(unknown.body).toEqual(expired.body);
    const malformed = await reset(app.agent(), 'not-a-token');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(accountMessages.resetLinkInvalid);
    expect((await signIn(app.agent(), email, PASSWORD)).status).toBe(200);
  });

  it('when the new password breaks the registration rules, then 400 and the link still works', async () => {
    const { email, token } = await customerWithResetToken();
    const short = await reset(app.agent(), token, 'abc');
    expect(short.status).toBe(400);
    expect(short.body.errors).toContainEqual({
      path: 'newPassword',
      message: accountMessages.passwordTooShort,
    });
    expect((await reset(app.agent(), token)).status).toBe(200);
    expect((await signIn(app.agent(), email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('GET /api/auth/reset-password (whether a link may still set a password)', () => {
  const check = (agent: TestAgent, token: string, headers: Record<string, string> = {}) =>
    agent.request('GET', `/api/auth/reset-password?token=${encodeURIComponent(token)}`, {
      headers,
    });

  it('when the link is unused, then it is valid and asking spends nothing: the link still sets the password', async () => {
    const { email, token } = await customerWithResetToken();
    const asked = await check(app.agent(), token);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toEqual({ valid: true });
    expect(asked.headers.get('cache-control')).toBe('no-store');
    expect((await check(app.agent(), token)).status).toBe(200);
    const record = await AccountTokenModel.findById(
      createHash('sha256').update(token).digest('hex'),
    ).lean();
    expect(record?.usedAt).toBeNull();

    expect((await reset(app.agent(), token)).status).toBe(200);
    expect((await signIn(app.agent(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('when the link was used, is unknown or malformed, then the reset’s own 400 and message', async () => {
    const { token } = await customerWithResetToken();
    expect((await reset(app.agent(), token)).status).toBe(200);
    for (const link of [token, 'B'.repeat(43), 'short']) {
      const asked = await check(app.agent(), link);
      expect(asked.status, link).toBe(400);
      expect(asked.body.message).toBe(accountMessages.resetLinkInvalid);
    }
  });

  it('when one address asks more than 20 times in 15 minutes, then 429, like the reset itself', async () => {
    const { token } = await customerWithResetToken();
    const headers = { 'x-forwarded-for': '198.18.77.1' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= 20; attempt++) {
      statuses.push((await check(app.agent(), token, headers)).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    // The same budget as the reset: the next reset from that address is refused too.
    expect(
      (
        await app.agent().request('POST', '/api/auth/reset-password', {
          headers,
          body: { token, newPassword: NEW_PASSWORD },
        })
      ).status,
    ).toBe(429);
  });
});

describe('PUT /api/account/profile', () => {
  it('when the details are valid, then they are saved and shown by /auth/me', async () => {
    const agent = app.agent();
    await register(agent);
    const response = await agent.request('PUT', '/api/account/profile', {
      body: {
        firstName: ' Bo ',
        lastName: 'Chen',
        phone: '555-0199',
        company: '',
        address: '1 Dock Rd',
        zipCode: '02110',
        email: 'ignored@example.com',
        isAdmin: true,
      },
    });
    expect(response.status, response.text).toBe(200);
    const user = shopUserSchema.parse(response.body);
    expect(user).toMatchObject({
      firstName: 'Bo',
      lastName: 'Chen',
      phone: '555-0199',
      company: null,
      address: '1 Dock Rd',
      zipCode: '02110',
      isAdmin: false,
    });
    expect(user.email).not.toBe('ignored@example.com');
    expect(await me(agent)).toMatchObject({ firstName: 'Bo', address: '1 Dock Rd' });
  });

  it('when a field breaks the registration rules, then 400 naming it and nothing changes', async () => {
    const agent = app.agent();
    await register(agent, { lastName: 'Lee' });
    const response = await agent.request('PUT', '/api/account/profile', {
      body: { firstName: 'Ann', lastName: '  ', zipCode: '1'.repeat(21) },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'lastName', message: 'Last name is required' },
        { path: 'zipCode', message: 'ZIP code must be at most 20 characters' },
      ]),
    );
    expect((await me(agent)).lastName).toBe('Lee');
  });

  it('when the phone cannot be dialled, then 400 on the phone and nothing changes; an empty phone is allowed', async () => {
    const agent = app.agent();
    await register(agent, { phone: '555-0199' });
    const message = 'Please enter a valid phone number (e.g., 312 555 0100).';
    for (const phone of ['12345', 'ask at the desk']) {
      const response = await agent.request('PUT', '/api/account/profile', {
        body: { firstName: 'Ann', lastName: 'Lee', phone },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message, errors: [{ path: 'phone', message }] });
      expect((await me(agent)).phone).toBe('555-0199');
    }
    const registered = await app.agent().request('POST', '/api/auth/register', {
      body: {
        email: uniqueEmail('phone'),
        password: PASSWORD,
        firstName: 'Bo',
        lastName: 'Chen',
        phone: 'call me',
      },
    });
    expect(registered.status).toBe(400);
    expect(registered.body).toEqual({ message, errors: [{ path: 'phone', message }] });
    const cleared = await agent.request('PUT', '/api/account/profile', {
      body: { firstName: 'Ann', lastName: 'Lee', phone: ' ' },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await me(agent)).phone).toBeNull();
  });

  it('when signed out, then 401', async () => {
    const response = await app.agent().request('PUT', '/api/account/profile', {
      body: { firstName: 'A', lastName: 'B' },
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /api/account/email', () => {
  it('when the current password is right and the email free, then the account moves to it', async () => {
    const agent = app.agent();
    const oldEmail = (await register(agent)).body.email as string;
    const newEmail = uniqueEmail('moved');
    const response = await agent.request('POST', '/api/account/email', {
      body: { email: newEmail.toUpperCase(), currentPassword: PASSWORD },
    });
    expect(response.status, response.text).toBe(200);
    expect(shopUserSchema.parse(response.body)).toMatchObject({
      email: newEmail,
      emailConfirmed: false,
    });
    expect((await signIn(app.agent(), newEmail, PASSWORD)).status).toBe(200);
    expect((await signIn(app.agent(), oldEmail, PASSWORD)).status).toBe(401);
    // The old email is free again; the new one mailed a confirmation link.
    await register(app.agent(), { email: oldEmail });
    await tokenFromOutbox(newEmail, 'email_confirmation', 'confirm-email');
  });

  it('when a confirmed email is changed, then the address left is told, the links mailed before stay void, and other sessions are signed out', async () => {
    const agent = app.agent();
    const oldEmail = (await register(agent, { firstName: 'Wren' })).body.email as string;
    const confirmToken = await tokenFromOutbox(oldEmail, 'email_confirmation', 'confirm-email');
    expect(
      (await agent.request('POST', '/api/auth/confirm-email', { body: { token: confirmToken } }))
        .status,
    ).toBe(200);
    const elsewhere = app.agent();
    expect((await signIn(elsewhere, oldEmail, PASSWORD)).status).toBe(200);
    expect((await forgot(app.agent(), oldEmail)).status).toBe(202);
    const resetToken = await tokenFromOutbox(oldEmail, 'password_reset', 'reset-password');

    const newEmail = uniqueEmail('away');
    const moved = await agent.request('POST', '/api/account/email', {
      body: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(moved.status, moved.text).toBe(200);
    const notice = await OutboxModel.findOne({ to: oldEmail, kind: 'email_changed' }).lean();
    expect(notice?.subject).toBe('The email address of your account was changed');
    expect(notice?.text).toContain(`was changed to ${newEmail}`);
    expect(notice?.text).toContain('If you did not change it');
    // It says what goes to the new address and what does not (an order's emails keep the address it
    // was placed with), and promises nothing the shop has no means to do.
    for (const part of [notice!.text, notice!.html]) {
      expect(part).not.toContain('its emails go there');
      expect(part).toContain(
        'The emails about an order you placed before (its proof, shipping or cancellation) still go to the address that order was placed with.',
      );
      expect(part).not.toContain('give the account back');
    }
    expect(await OutboxModel.countDocuments({ to: newEmail, kind: 'email_changed' })).toBe(0);
    // This browser stays signed in; the other is out.
    expect((await me(agent))?.email).toBe(newEmail);
    expect(await me(elsewhere)).toBeNull();

    // Back to the old address: the reset link mailed there before stays void.
    const back = await agent.request('POST', '/api/account/email', {
      body: { email: oldEmail, currentPassword: PASSWORD },
    });
    expect(back.status, back.text).toBe(200);
    expect((await reset(app.agent(), resetToken)).status).toBe(400);
    // The new address was never confirmed: it is not told of the move away from it.
    expect(await OutboxModel.countDocuments({ to: newEmail, kind: 'email_changed' })).toBe(0);
  });

  it('when the email is changed in two tabs at once, then one change is made and the other is refused 409: no tab says the account has an address it does not', async () => {
    const agent = app.agent();
    await register(agent);
    const wanted = [uniqueEmail('first'), uniqueEmail('second')];
    const answers = await Promise.all(
      wanted.map((email) =>
        agent.request('POST', '/api/account/email', { body: { email, currentPassword: PASSWORD } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const made = answers.find((answer) => answer.status === 200)!;
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.message).toBe(accountMessages.emailChangedMeanwhile);
    expect((await me(agent)).email).toBe(made.body.email);
    // The refused address was mailed nothing.
    const other = wanted.find((email) => email !== made.body.email)!;
    expect(await OutboxModel.countDocuments({ to: other })).toBe(0);
  });

  it('when the email belongs to another account, then 409 with the clear message and nothing changes', async () => {
    const taken = (await register(app.agent())).body.email as string;
    const agent = app.agent();
    const mine = (await register(agent)).body.email as string;
    const response = await agent.request('POST', '/api/account/email', {
      body: { email: taken, currentPassword: PASSWORD },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(accountMessages.emailTaken);
    expect((await me(agent)).email).toBe(mine);
    expect((await signIn(app.agent(), taken, PASSWORD)).status).toBe(200);
  });

  it('when the new email is the one the account has, then 400 on the email field and nothing is mailed', async () => {
    const agent = app.agent();
    const mine = (await register(agent)).body.email as string;
    const mailedBefore = await OutboxModel.countDocuments({ to: mine, kind: 'email_confirmation' });
    const response = await agent.request('POST', '/api/account/email', {
      body: { email: mine.toUpperCase(), currentPassword: PASSWORD },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'email', message: accountMessages.emailUnchanged },
    ]);
    expect(await OutboxModel.countDocuments({ to: mine, kind: 'email_confirmation' })).toBe(
      mailedBefore,
    );
  });

  it('when the current password is wrong, then 400 and the email stays', async () => {
    const agent = app.agent();
    const mine = (await register(agent)).body.email as string;
    const response = await agent.request('POST', '/api/account/email', {
      body: { email: uniqueEmail('elsewhere'), currentPassword: 'wrong password' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(accountMessages.currentPasswordWrong);
    expect((await me(agent)).email).toBe(mine);
  });

  it('when an account changes its email a 4th time in 15 minutes, then 429 with Retry-After, the email stays and nothing is mailed; asking for the link again is refused too', async () => {
    const agent = app.agent();
    await register(agent);
    const addresses = [1, 2, 3, 4].map((n) => uniqueEmail(`flood${n}`));
    const statuses: number[] = [];
    for (const email of addresses) {
      const response = await agent.request('POST', '/api/account/email', {
        body: { email, currentPassword: PASSWORD },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(response.body.message).toBe('Too many confirmation emails. Please try again later.');
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await me(agent)).email).toBe(addresses[2]);
    for (const email of addresses.slice(0, 3)) {
      await tokenFromOutbox(email, 'email_confirmation', 'confirm-email');
    }
    expect(await OutboxModel.countDocuments({ to: addresses[3] })).toBe(0);

    // Asking for the link again takes from the same confirmation emails.
    const again = await agent.request('POST', '/api/account/confirmation-email');
    expect(again.status).toBe(429);
    expect(await OutboxModel.countDocuments({ to: addresses[2] })).toBe(1);
  });

  it('when accounts from one address change their email 10 times in 15 minutes, then the 11th is 429 and changes nothing', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.91' };
    const agents = [app.agent(), app.agent(), app.agent(), app.agent()];
    for (const agent of agents) await register(agent);
    const statuses: number[] = [];
    // 3, 3, 3 and 1: within each account's own limit.
    for (const agent of agents) {
      for (let change = 0; change < 3 && statuses.length < 10; change++) {
        const response = await agent.request('POST', '/api/account/email', {
          body: { email: uniqueEmail('many'), currentPassword: PASSWORD },
          headers,
        });
        statuses.push(response.status);
      }
    }
    expect(statuses).toEqual(Array(10).fill(200));
    const last = agents[3]!;
    const before = (await me(last)).email as string;
    const refused = uniqueEmail('refused');
    const response = await last.request('POST', '/api/account/email', {
      body: { email: refused, currentPassword: PASSWORD },
      headers,
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.body.message).toMatch(/^Too many confirmation emails from your network\./);
    expect((await me(last)).email).toBe(before);
    expect(await OutboxModel.countDocuments({ to: refused })).toBe(0);
    // The same account from another address is not held back.
    const elsewhere = await last.request('POST', '/api/account/email', {
      body: { email: refused, currentPassword: PASSWORD },
      headers: { 'x-forwarded-for': '203.0.113.92' },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('POST /api/account/confirmation-email', () => {
  it('when the email is confirmed already, then 409 saying so and nothing is mailed; before, 202 and a new link', async () => {
    const agent = app.agent();
    const email = (await register(agent)).body.email as string;
    const first = await tokenFromOutbox(email, 'email_confirmation', 'confirm-email');
    const asked = await agent.request('POST', '/api/account/confirmation-email');
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe('A new confirmation link is on its way.');
    const token = await tokenFromOutbox(email, 'email_confirmation', 'confirm-email');
    expect(token).not.toBe(first);

    const confirmed = await agent.request('POST', '/api/auth/confirm-email', { body: { token } });
    expect(confirmed.status).toBe(200);
    const response = await agent.request('POST', '/api/account/confirmation-email');
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Your email address is already confirmed.');
    expect(await OutboxModel.countDocuments({ to: email, kind: 'email_confirmation' })).toBe(2);
  });
});

describe('confirmation emails to one address, from every account together', () => {
  const confirmationsTo = (email: string) =>
    OutboxModel.countDocuments({ to: email, kind: 'email_confirmation' });

  it('when six accounts from six networks each move their email to one address, then the 6th is 429 with Retry-After and changes nothing: 5 confirmations an hour reach it', async () => {
    const target = uniqueEmail('target');
    const statuses: number[] = [];
    for (let network = 1; network <= 6; network++) {
      const headers = { 'x-forwarded-for': `198.18.40.${network}` };
      const agent = app.agent();
      await register(agent);
      const before = (await me(agent)).email as string;
      const moved = await agent.request('POST', '/api/account/email', {
        // Any case is one address.
        body: { email: network % 2 ? target.toUpperCase() : target, currentPassword: PASSWORD },
        headers,
      });
      statuses.push(moved.status);
      if (moved.status === 429) {
        expect(Number(moved.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(moved.body.message).toMatch(
          /^Too many confirmation emails to this address\. Please try again in \d+ minutes?\.$/,
        );
        expect((await me(agent)).email).toBe(before);
        continue;
      }
      // Away again, so the next account may take the address.
      const away = await agent.request('POST', '/api/account/email', {
        body: { email: uniqueEmail('away'), currentPassword: PASSWORD },
        headers,
      });
      expect(away.status, away.text).toBe(200);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await confirmationsTo(target)).toBe(5);
  });

  it('when accounts registered and deleted one after another take an address, then the 6th registration still makes the account but mails no link; asking again is 429, and a password reset still reaches the address', async () => {
    const target = uniqueEmail('cycled');
    for (let network = 1; network <= 6; network++) {
      const agent = app.agent();
      const registered = await agent.request('POST', '/api/auth/register', {
        body: { email: target, password: PASSWORD, firstName: 'Ann', lastName: 'Lee' },
        headers: { 'x-forwarded-for': `198.18.41.${network}` },
      });
      expect(registered.status, registered.text).toBe(201);
      expect((await me(agent)).email).toBe(target);
      if (network === 6) {
        const again = await agent.request('POST', '/api/account/confirmation-email');
        expect(again.status).toBe(429);
        expect(again.body.message).toMatch(/^Too many confirmation emails to this address\./);
        break;
      }
      const deleted = await agent.request('POST', '/api/account/delete', {
        body: { currentPassword: PASSWORD },
      });
      expect(deleted.status, deleted.text).toBe(204);
    }
    expect(await confirmationsTo(target)).toBe(5);

    // The address's owner is not locked out of a password reset.
    expect((await forgot(app.agent(), target)).status).toBe(202);
    const token = await tokenFromOutbox(target, 'password_reset', 'reset-password');
    expect((await reset(app.agent(), token)).status).toBe(200);
  });
});

describe('POST /api/account/delete', () => {
  const deleteAccount = (agent: TestAgent, currentPassword = PASSWORD) =>
    agent.request('POST', '/api/account/delete', { body: { currentPassword } });

  it('when an order is still in production, then 409 and the account stays; once it has shipped, the account, its sessions and cart go, its order stays and is found by the lookup, and its address is told', async () => {
    const agent = app.agent();
    const email = await registerConfirmed(agent);
    await addToCart(agent);
    const order = await placeOrder(agent, { email });
    expect((await pay(agent, order.orderId)).status).toBe(200);
    await addToCart(agent, { customText: 'LEFT IN THE CART' });
    const otherBrowser = app.agent();
    expect((await signIn(otherBrowser, email, PASSWORD)).status).toBe(200);

    const wrong = await deleteAccount(agent, 'not my password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { path: 'currentPassword', message: accountMessages.currentPasswordWrong },
    ]);
    const inProgress = await deleteAccount(agent);
    expect(inProgress.status).toBe(409);
    expect(inProgress.body).toEqual({ message: accountMessages.ordersInProgress });
    expect((await me(agent))?.email).toBe(email);
    expect((await me(otherBrowser))?.email).toBe(email);

    await OrderModel.updateOne({ _id: order.orderId }, { $set: { status: 'shipped' } });
    const deleted = await deleteAccount(agent);
    expect(deleted.status, deleted.text).toBe(204);
    expect(await me(agent)).toBeNull();
    expect(await me(otherBrowser)).toBeNull();
    expect((await signIn(app.agent(), email, PASSWORD)).status).toBe(401);
    const kept = await OrderModel.findById(order.orderId).lean();
    expect(kept).toMatchObject({ status: 'shipped', paymentStatus: 'paid', accountDeleted: true });
    const told = await OutboxModel.find({ to: email, kind: 'account_deleted' }).lean();
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('/orders/lookup');

    // The order is found as a guest's is: its link is mailed to the address it was placed with.
    const lookup = await app.agent().request('POST', '/api/orders/lookup', {
      body: { email, orderNumber: String(order.orderNumber) },
    });
    expect(lookup.status).toBe(202);
    await expect.poll(() => OutboxModel.countDocuments({ to: email, kind: 'order_link' })).toBe(1);

    // Registering again with the address makes a new, empty account.
    const again = app.agent();
    expect((await register(again, { email })).status).toBe(201);
    expect((await again.request('GET', '/api/orders')).body).toEqual([]);
    expect((await again.request('GET', '/api/cart')).body.items).toEqual([]);
  });

  it('when a checkout is being paid, then 409; once it is not, its unpaid checkouts end and its spreadsheets go, but a paid order keeps its own', async () => {
    const agent = app.agent();
    const email = (await register(agent)).body.email as string;
    const { id } = (await agent.request('GET', '/api/auth/me')).body;
    const upload = (name: string) =>
      uploadSheet(app.baseUrl, agent, name, 'Tag,Name\nV-1,Valve 1\n');
    const orderedSheet = await upload('ordered.csv');
    await addToCart(agent, {
      customText: '',
      rows: { sheetId: orderedSheet, textColumns: [1], codeColumn: null },
    } as never);
    const paid = await placeOrder(agent, { email });
    expect((await pay(agent, paid.orderId)).status).toBe(200);
    await OrderModel.updateOne({ _id: paid.orderId }, { $set: { status: 'shipped' } });
    const privateSheet = await upload('private.csv');
    await addToCart(agent);
    const open = await placeOrder(agent, { email });
    await OrderModel.updateOne(
      { _id: open.orderId },
      { $set: { paymentStatus: 'charging', chargingSince: new Date() } },
    );

    const paying = await deleteAccount(agent);
    expect(paying.status).toBe(409);
    expect(paying.body).toEqual({ message: accountMessages.ordersInProgress });

    // The charge was declined: the checkout waits for payment again, and the account may go.
    await OrderModel.updateOne(
      { _id: open.orderId },
      { $set: { paymentStatus: 'unpaid', chargingSince: null } },
    );
    expect((await deleteAccount(agent)).status).toBe(204);
    expect(await OrderModel.findById(open.orderId).lean()).toMatchObject({ status: 'expired' });
    const sheets = await LabelSheetModel.find({ customerId: id }).lean();
    expect(sheets.map((sheet) => sheet._id.toString())).toEqual([orderedSheet]);
    expect(await LabelSheetModel.findById(privateSheet).lean()).toBeNull();
  });

  it('when the customer is an admin, then 403 and the account stays; signed out, 401', async () => {
    const admin = app.agent();
    const email = (await registerAdmin(admin)).body.email as string;
    const refused = await deleteAccount(admin);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: adminMessages.adminNotDeletable });
    expect((await me(admin))?.email).toBe(email);
    expect((await deleteAccount(app.agent())).status).toBe(401);
  });
});

describe('guest orders joining an account', () => {
  async function paidGuestOrder(email: string) {
    const guest = app.agent();
    await addToCart(guest);
    const order = await placeOrder(guest, { email });
    expect((await pay(guest, order.orderId)).status).toBe(200);
    return order;
  }

  it('when the customer confirms the email by its link, then only that email’s guest orders join, once', async () => {
    const email = uniqueEmail('guest');
    const first = await paidGuestOrder(email);
    const second = await paidGuestOrder(email);
    const someoneElse = await paidGuestOrder(uniqueEmail('other'));

    const agent = app.agent();
    const registered = await register(agent, { email });
    expect(registered.body.emailConfirmed).toBe(false);
    // Not confirmed yet: nothing has joined.
    expect((await agent.request('GET', '/api/orders')).body).toEqual([]);

    const token = await tokenFromOutbox(email, 'email_confirmation', 'confirm-email');
    // Opened signed out, or signed in to another account (someone who registered this email would
    // otherwise get its guest orders by the owner's click): refused, nothing changes, the link stays good.
    const stranger = app.agent();
    await register(stranger);
    for (const opener of [app.agent(), stranger]) {
      const refused = await opener.request('POST', '/api/auth/confirm-email', { body: { token } });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(accountMessages.confirmationNeedsSignIn);
    }
    expect((await agent.request('GET', '/api/orders')).body).toEqual([]);
    expect((await agent.request('GET', '/api/auth/me')).body.emailConfirmed).toBe(false);

    const confirmed = await agent.request('POST', '/api/auth/confirm-email', { body: { token } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(emailConfirmedSchema.parse(confirmed.body)).toMatchObject({
      joinedOrders: 2,
      user: { email, emailConfirmed: true },
    });

    const history = (await agent.request('GET', '/api/orders')).body as Array<{
      orderNumber: number;
    }>;
    expect(history.map((order) => order.orderNumber).sort()).toEqual(
      [first.orderNumber, second.orderNumber].sort(),
    );
    const other = await OrderModel.findById(someoneElse.orderId).lean();
    expect(other?.customerId).toBeNull();

    const again = await agent.request('POST', '/api/auth/confirm-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(accountMessages.confirmationLinkInvalid);
    expect((await agent.request('GET', '/api/orders')).body).toHaveLength(2);
  });

  it('when a customer changes to an email with guest orders, then they join only after that email is confirmed', async () => {
    const email = uniqueEmail('later');
    await paidGuestOrder(email);
    const agent = app.agent();
    await register(agent);
    const changed = await agent.request('POST', '/api/account/email', {
      body: { email, currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await agent.request('GET', '/api/orders')).body).toEqual([]);
    const token = await tokenFromOutbox(email, 'email_confirmation', 'confirm-email');
    const confirmed = await agent.request('POST', '/api/auth/confirm-email', { body: { token } });
    expect(confirmed.body.joinedOrders).toBe(1);
    expect((await agent.request('GET', '/api/orders')).body).toHaveLength(1);
  });

  it('when a guest order is paid with an email already confirmed, then it joins at the next sign-in; an unconfirmed account joins nothing', async () => {
    const agent = app.agent();
    const email = await registerConfirmed(agent);
    const later = await paidGuestOrder(email);
    expect((await agent.request('GET', '/api/orders')).body).toEqual([]);
    const browser = app.agent();
    expect((await signIn(browser, email, PASSWORD)).status).toBe(200);
    const history = (await browser.request('GET', '/api/orders')).body as Array<{ id: string }>;
    expect(history.map((order) => order.id)).toEqual([later.orderId]);

    // Registered with someone's email but never confirmed: their guest orders stay theirs.
    const unconfirmed = uniqueEmail('unconfirmed');
    const taker = app.agent();
    await register(taker, { email: unconfirmed });
    await paidGuestOrder(unconfirmed);
    expect((await signIn(app.agent(), unconfirmed, PASSWORD)).status).toBe(200);
    expect((await taker.request('GET', '/api/orders')).body).toEqual([]);
  });
});
