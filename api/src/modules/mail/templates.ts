// One template per kind of message, each giving the subject, a plain-text part and an HTML part from
// the same data. Everything a customer typed is escaped in the HTML (html`` escapes every value).
import {
  COLOR_SWATCHES,
  MATERIAL_LABELS,
  MOUNTING_LABELS,
  formatCount,
  formatDollars,
  toDollars,
  variableDataTerms,
  type Carrier,
  type CustomerInfo,
  type OrderedProductConfig,
} from '@shop/contracts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** HTML that is already safe (built by html``); anything else interpolated into html`` is escaped. */
class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type HtmlValue = SafeHtml | string | number | null | undefined | HtmlValue[];

function htmlOf(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(htmlOf).join('');
  if (value instanceof SafeHtml) return value.value;
  return escapeHtml(String(value));
}

function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(String.raw({ raw: strings }, ...values.map(htmlOf)));
}

function money(cents: number): string {
  return formatDollars(toDollars(cents));
}

/** The shop's frame around every message: a light page, one column, readable on a phone. */
function layout(title: string, preheader: string, body: SafeHtml, shop: ShopContext): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
      </head>
      <body
        style="margin:0;padding:0;background:#f3f4f6;font-family:Helvetica,Arial,sans-serif;color:#111827;"
      >
        <div style="display:none;max-height:0;overflow:hidden;">${preheader}</div>
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          style="background:#f3f4f6;"
        >
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:600px;background:#ffffff;border-radius:8px;"
              >
                <tr>
                  <td
                    style="padding:20px 24px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:bold;"
                  >
                    ${shop.name}
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px;font-size:15px;line-height:1.5;">${body}</td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:13px;color:#4b5563;"
                  >
                    Questions? Reply to this email, write to
                    <a href="mailto:${shop.email}" style="color:#1d4ed8;">${shop.email}</a> or call
                    <a href="${telHref(shop.phone)}" style="color:#1d4ed8;">${shop.phone}</a>.<br />
                    ${shop.name}${shop.address ? html` · ${shop.address}` : ''} ·
                    <a href="${shop.url}" style="color:#1d4ed8;">${shop.url}</a>
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`.value;
}

/** The message: its text lines, and its HTML body in the shop's frame (layout). */
function message(
  shop: ShopContext,
  subject: string,
  text: string[],
  body: SafeHtml,
  preheader = subject,
): RenderedMail {
  return { subject, text: text.join('\n'), html: layout(subject, preheader, body, shop) };
}

function footerText(shop: ShopContext): string {
  return [
    '',
    '--',
    shop.name,
    `Questions? Reply to this email, write to ${shop.email} or call ${shop.phone}.`,
    ...(shop.address ? [shop.address] : []),
    shop.url,
    '',
  ].join('\n');
}

/** The number a tel: link dials: digits and a leading +. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}

/**
 * The shop as its messages name it: the configuration's shop (SHOP_NAME, SHOP_PHONE, SHOP_EMAIL,
 * SHOP_ADDRESS, SHOP_URL), the same one the site and the invoices show.
 */
interface ShopContext {
  name: string;
  phone: string;
  email: string;
  address: string | null;
  url: string;
}

export interface OrderMailData {
  orderNumber: number;
  customerInfo: CustomerInfo;
  items: Array<{
    productConfig: OrderedProductConfig;
    quantity: number;
    unitCents: number;
    totalCents: number;
  }>;
  subtotalCents: number;
  discountCode: string | null;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  /** The tax's region ("NY"), null when none was charged by region. */
  taxRegion: string | null;
  totalCents: number;
  notes: string | null;
  /** The shopper chose "Skip the proof, engrave as shown": no proof comes first. */
  skipProof: boolean;
}

/**
 * What happens after payment, as the confirmation page says it too: a proof first, which the customer
 * approves (or asks to change) before anything is engraved, unless they chose to skip it.
 */
function nextStepsAfterPayment(skipProof: boolean): string {
  const production =
    'Production takes 3 to 5 business days, and you will get an email with the tracking number when your order ships.';
  return skipProof
    ? `You chose to skip the proof, so we engrave your labels exactly as ordered. ${production}`
    : `First, a proof: we email you a proof of each label. Check it on your order page, then approve it or tell us what to change. We engrave only after you approve. ${production}`;
}

function describeItem(config: OrderedProductConfig): string {
  const material = MATERIAL_LABELS[config.material]?.name ?? config.material;
  const colour = COLOR_SWATCHES[config.color]?.name ?? config.color;
  const mounting = MOUNTING_LABELS[config.mounting] ?? config.mounting;
  return `${material}, ${config.width}" x ${config.height}", ${colour}, ${mounting}`;
}

/**
 * What a line's labels say, a detail each: its text (a series' with "{n}" for each label's number;
 * its lines joined by " / ", so the text part's list keeps its shape), and its series' range,
 * spreadsheet rows and code, as the cart and the order page name them.
 */
function itemDetails(config: OrderedProductConfig, quantity: number): string[] {
  const terms = variableDataTerms(config, quantity).map(([term, detail]) => `${term}: ${detail}`);
  const text = config.customText
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' / ');
  return [...(text ? [`Text: ${text}`] : []), ...terms];
}

function addressLines(info: CustomerInfo): string[] {
  return [
    `${info.firstName} ${info.lastName}`,
    info.company,
    info.street,
    `${info.city}, ${info.state} ${info.zipCode}`,
    info.phone,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

/** The address as the text part indents it, a line each. */
function addressText(info: CustomerInfo): string[] {
  return addressLines(info).map((line) => `  ${line}`);
}

function totalsRows(order: OrderMailData): Array<[string, string]> {
  const rows: Array<[string, string]> = [['Subtotal', money(order.subtotalCents)]];
  if (order.discountCents > 0) {
    rows.push([`Discount (${order.discountCode ?? ''})`, `-${money(order.discountCents)}`]);
  }
  rows.push(['Shipping', money(order.shippingCents)]);
  // With its region, as the order's page and the invoice name it.
  rows.push([`Tax${order.taxRegion ? ` (${order.taxRegion})` : ''}`, money(order.taxCents)]);
  rows.push(['Total', money(order.totalCents)]);
  return rows;
}

/**
 * orderUrl opens the order's page without an account (its guest link, valid for linkDays days, orders'
 * ORDER_LINK_LIFETIME_DAYS: docs/product.md, "Order page").
 */
export function orderConfirmation(
  order: OrderMailData,
  shop: ShopContext,
  orderUrl: string,
  linkDays: number,
): RenderedMail {
  const subject = `Order #${order.orderNumber} confirmed: ${money(order.totalCents)}`;
  const name = order.customerInfo.firstName;
  const next = nextStepsAfterPayment(order.skipProof);
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for your order. Your payment of ${money(order.totalCents)} was received.`,
    '',
    `Order #${order.orderNumber}`,
    '',
    ...order.items.flatMap((item) => [
      `- ${formatCount(item.quantity)} x ${describeItem(item.productConfig)}`,
      ...itemDetails(item.productConfig, item.quantity).map((detail) => `  ${detail}`),
      `  ${money(item.unitCents)} each, ${money(item.totalCents)}`,
    ]),
    '',
    ...totalsRows(order).map(([label, value]) => `${label}: ${value}`),
    '',
    'Shipping to:',
    ...addressText(order.customerInfo),
    ...(order.notes ? ['', `Your notes: ${order.notes}`] : []),
    '',
    'What happens next',
    next,
    '',
    `See your order, its invoice and its progress (no account needed; the link works for ${linkDays} days):`,
    orderUrl,
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">
      Thank you for your order, ${name}
    </h1>
    <p style="margin:0 0 16px;">
      Your payment of <strong>${money(order.totalCents)}</strong> was received. Order
      <strong>#${order.orderNumber}</strong>.
    </p>
    <table
      role="presentation"
      width="100%"
      cellpadding="0"
      cellspacing="0"
      style="border-collapse:collapse;font-size:14px;"
    >
      ${order.items.map(
        (item) =>
          html`<tr>
            <td style="padding:8px 0;border-bottom:1px solid #e5e7eb;vertical-align:top;">
              ${formatCount(item.quantity)} &times;
              ${describeItem(item.productConfig)}${itemDetails(
                item.productConfig,
                item.quantity,
              ).map(
                (detail) => html`<br /><span style="color:#4b5563;">${detail}</span>`,
              )}<br /><span style="color:#4b5563;">${money(item.unitCents)} each</span>
            </td>
            <td
              align="right"
              style="padding:8px 0;border-bottom:1px solid #e5e7eb;vertical-align:top;white-space:nowrap;"
            >
              ${money(item.totalCents)}
            </td>
          </tr>`,
      )}
      ${totalsRows(order).map(
        ([label, value], index, rows) =>
          html`<tr>
            <td
              style="padding:4px 0;${index === rows.length - 1 ? 'font-weight:bold;font-size:16px;' : ''}"
            >
              ${label}
            </td>
            <td
              align="right"
              style="padding:4px 0;white-space:nowrap;${index === rows.length - 1 ? 'font-weight:bold;font-size:16px;' : ''}"
            >
              ${value}
            </td>
          </tr>`,
      )}
    </table>
    <h2 style="font-size:16px;margin:20px 0 4px;">Shipping to</h2>
    <p style="margin:0;">
      ${addressLines(order.customerInfo).map((line, index) => html`${index ? html`<br />` : ''}${line}`)}
    </p>
    ${
      order.notes
        ? html`<h2 style="font-size:16px;margin:20px 0 4px;">Your notes</h2>
            <p style="margin:0;">${order.notes}</p>`
        : ''
    }
    <h2 style="font-size:16px;margin:20px 0 4px;">What happens next</h2>
    <p style="margin:0;">${next}</p>
    <p style="margin:16px 0 0;">
      <a href="${orderUrl}" style="color:#1d4ed8;font-weight:bold;">View your order</a>: its
      progress, tracking and invoice, no account needed (the link works for ${String(linkDays)}
      days).
    </p>
    <p style="margin:8px 0 0;">
      <a href="${shop.url}/orders" style="color:#1d4ed8;">Your order history</a> (when you ordered
      with an account)
    </p>`;
  return message(shop, subject, text, body, `Order #${order.orderNumber} confirmed`);
}

/** The answer to an order lookup (/orders/lookup) whose email and order number matched. */
export function orderLink(
  order: { orderNumber: number; firstName: string },
  orderUrl: string,
  linkDays: number,
  shop: ShopContext,
): RenderedMail {
  const subject = `Your link to order #${order.orderNumber}`;
  const intro = `Here is the link to order #${order.orderNumber} you asked for. It opens the order's page, with its progress, tracking and invoice, without an account, and works for ${linkDays} days.`;
  const text = [
    `Hello ${order.firstName},`,
    '',
    intro,
    '',
    orderUrl,
    '',
    'If you did not ask for it, you can ignore this email: the link only shows this order.',
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">
      Your link to order #${String(order.orderNumber)}
    </h1>
    <p style="margin:0 0 16px;">Hello ${order.firstName}, ${intro}</p>
    <p style="margin:0 0 16px;">
      <a href="${orderUrl}" style="color:#1d4ed8;font-weight:bold;"
        >View order #${String(order.orderNumber)}</a
      >
    </p>
    <p style="margin:0;color:#4b5563;">
      If you did not ask for it, you can ignore this email: the link only shows this order.
    </p>`;
  return message(shop, subject, text, body);
}

export function orderShipped(
  order: { orderNumber: number; customerInfo: CustomerInfo },
  shipment: { carrier: Carrier; trackingNumber: string; trackingUrl: string | null },
  shop: ShopContext,
): RenderedMail {
  const carrier = shipment.carrier === 'other' ? 'the carrier' : shipment.carrier;
  const subject = `Order #${order.orderNumber} has shipped`;
  const text = [
    `Hello ${order.customerInfo.firstName},`,
    '',
    `Your order #${order.orderNumber} is on its way with ${carrier}.`,
    `Tracking number: ${shipment.trackingNumber}`,
    ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
    '',
    'Shipping to:',
    ...addressText(order.customerInfo),
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">Your order is on its way</h1>
    <p style="margin:0 0 12px;">
      Hello ${order.customerInfo.firstName}, order <strong>#${order.orderNumber}</strong> has
      shipped with ${carrier}.
    </p>
    <p style="margin:0 0 16px;">Tracking number: <strong>${shipment.trackingNumber}</strong></p>
    ${shipment.trackingUrl ? html`<p style="margin:0 0 16px;"><a href="${shipment.trackingUrl}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;">Track your parcel</a></p>` : ''}
    <h2 style="font-size:16px;margin:20px 0 4px;">Shipping to</h2>
    <p style="margin:0;">
      ${addressLines(order.customerInfo).map((line, index) => html`${index ? html`<br />` : ''}${line}`)}
    </p>`;
  return message(shop, subject, text, body);
}

export function orderCancelled(
  order: { orderNumber: number; customerInfo: CustomerInfo; totalCents: number },
  refundedCents: number,
  shop: ShopContext,
): RenderedMail {
  const subject = `Order #${order.orderNumber} has been cancelled`;
  // As the order's page and its invoice say it: a full refund as such, a partial one with what stays
  // paid (the invoice's net paid), so nobody waits for the rest.
  const kept = order.totalCents - refundedCents;
  const refunded =
    kept <= 0
      ? `We have refunded the ${money(order.totalCents)} you paid, in full, to your card.`
      : `We have refunded ${money(refundedCents)} of the ${money(order.totalCents)} you paid to your card; the other ${money(kept)} stays paid, as your invoice shows.`;
  const refund =
    refundedCents > 0
      ? `${refunded} Depending on your bank it shows within 5 to 10 business days.`
      : 'No refund was made for this order.';
  const text = [
    `Hello ${order.customerInfo.firstName},`,
    '',
    `Your order #${order.orderNumber} has been cancelled.`,
    refund,
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">Your order has been cancelled</h1>
    <p style="margin:0 0 12px;">
      Hello ${order.customerInfo.firstName}, order <strong>#${order.orderNumber}</strong> has been
      cancelled.
    </p>
    <p style="margin:0;">${refund}</p>`;
  return message(shop, subject, text, body);
}

export function adminNewOrder(order: OrderMailData, shop: ShopContext): RenderedMail {
  // The admin panel opens this order's details at this address (its Orders tab, the order found).
  const link = `${shop.url}/admin?order=${order.orderNumber}`;
  const who = `${order.customerInfo.firstName} ${order.customerInfo.lastName}`;
  const subject = `New paid order #${order.orderNumber}: ${money(order.totalCents)} from ${who}`;
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const text = [
    `Order #${order.orderNumber} was paid: ${money(order.totalCents)}.`,
    `Customer: ${who} <${order.customerInfo.email}>`,
    `Labels: ${formatCount(count)} on ${order.items.length} line(s)`,
    ...(order.notes ? [`Customer notes: ${order.notes}`] : []),
    '',
    `Open the order in the admin panel: ${link}`,
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">
      New paid order #${order.orderNumber}
    </h1>
    <p style="margin:0 0 8px;">
      ${who} &lt;${order.customerInfo.email}&gt; paid <strong>${money(order.totalCents)}</strong>.
    </p>
    <p style="margin:0 0 8px;">Labels: ${formatCount(count)} on ${order.items.length} line(s)</p>
    ${order.notes ? html`<p style="margin:0 0 8px;">Customer notes: ${order.notes}</p>` : ''}
    <p style="margin:16px 0 0;">
      <a href="${link}" style="color:#1d4ed8;">Open the order in the admin panel</a>
    </p>`;
  return message(shop, subject, text, body);
}

/** The customer's own words, line breaks kept (no template whitespace inside the pre-wrap block). */
function quoted(message: string, margin: string): SafeHtml {
  const style = `margin:${margin};white-space:pre-wrap;border-left:3px solid #e5e7eb;padding-left:12px;`;
  return html`<p style="${style}">${message}</p>`;
}

interface EnquiryMailData {
  name: string;
  email: string;
  company: string;
  message: string;
}

export function enquiryForward(enquiry: EnquiryMailData, shop: ShopContext): RenderedMail {
  const subject = `Enquiry from ${enquiry.name}${enquiry.company ? ` (${enquiry.company})` : ''}`;
  const text = [
    `From: ${enquiry.name} <${enquiry.email}>`,
    ...(enquiry.company ? [`Company: ${enquiry.company}`] : []),
    '',
    enquiry.message,
    '',
    'Reply to this email to answer the customer directly. The contact page promises a reply within 24 hours.',
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">Enquiry from the contact page</h1>
    <p style="margin:0 0 8px;">From: ${enquiry.name} &lt;${enquiry.email}&gt;</p>
    ${enquiry.company ? html`<p style="margin:0 0 8px;">Company: ${enquiry.company}</p>` : ''}
    ${quoted(enquiry.message, '16px 0')}
    <p style="margin:0;color:#4b5563;">
      Reply to this email to answer the customer directly. The contact page promises a reply within
      24 hours.
    </p>`;
  return message(shop, subject, text, body);
}

/**
 * The acknowledgement goes to whatever address the form was given, so it carries nothing the sender
 * wrote (neither the name nor the message): the contact form cannot be used to mail a chosen text to
 * anyone.
 */
export function enquiryReceived(shop: ShopContext): RenderedMail {
  const subject = 'We received your message';
  const text = [
    'Hello,',
    '',
    'Thank you for writing to us through our contact page. We have your message and reply within 24 hours.',
    '',
    'If you did not write to us, you can ignore this email.',
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">We received your message</h1>
    <p style="margin:0 0 12px;">
      Hello, thank you for writing to us through our contact page. We have your message and reply
      within 24 hours.
    </p>
    <p style="margin:0;color:#4b5563;">If you did not write to us, you can ignore this email.</p>`;
  return message(shop, subject, text, body);
}

/** A link the customer follows from an email (a reset or a confirmation), valid for `validFor`. */
interface AccountLinkMailData {
  firstName: string;
  link: string;
  validFor: string;
}

function button(link: string, label: string): SafeHtml {
  return html`<p style="margin:0 0 16px;">
    <a
      href="${link}"
      style="display:inline-block;padding:10px 18px;border-radius:6px;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:bold;"
      >${label}</a
    >
  </p>`;
}

export function passwordReset(data: AccountLinkMailData, shop: ShopContext): RenderedMail {
  const subject = 'Reset your password';
  const text = [
    `Hello ${data.firstName},`,
    '',
    'Someone (we hope you) asked to reset the password of your account. Open this link to choose a new one:',
    data.link,
    '',
    `The link works once and for ${data.validFor}. If you did not ask for it, ignore this email: your password stays as it is.`,
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">Reset your password</h1>
    <p style="margin:0 0 12px;">
      Hello ${data.firstName}, someone (we hope you) asked to reset the password of your account.
    </p>
    ${button(data.link, 'Choose a new password')}
    <p style="margin:0;color:#4b5563;">
      The link works once and for ${data.validFor}. If you did not ask for it, ignore this email:
      your password stays as it is.
    </p>`;
  return message(shop, subject, text, body);
}

export function emailConfirmation(data: AccountLinkMailData, shop: ShopContext): RenderedMail {
  const subject = 'Confirm your email address';
  const text = [
    `Hello ${data.firstName},`,
    '',
    'Please confirm that this is your email address by opening this link:',
    data.link,
    '',
    `Orders you placed earlier as a guest with this email join your account once it is confirmed. The link works once and for ${data.validFor}.`,
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">Confirm your email address</h1>
    <p style="margin:0 0 12px;">
      Hello ${data.firstName}, please confirm that this is your email address.
    </p>
    ${button(data.link, 'Confirm my email')}
    <p style="margin:0;color:#4b5563;">
      Orders you placed earlier as a guest with this email join your account once it is confirmed.
      The link works once and for ${data.validFor}.
    </p>`;
  return message(shop, subject, text, body);
}

/**
 * To the address an account left: the change was made, to which address, what goes there now (the
 * account's own emails; an order's emails still go to the address it was placed with, orders'
 * contact being the checkout's), and to contact the shop when the owner did not make it.
 */
export function emailChanged(
  data: { firstName: string; newEmail: string },
  shop: ShopContext,
): RenderedMail {
  const subject = 'The email address of your account was changed';
  const changed = `The email address of your ${shop.name} account was changed to ${data.newEmail}. From now on you sign in with it, and the account's own emails (password resets, confirmations) go there.`;
  const orders =
    'The emails about an order you placed before (its proof, shipping or cancellation) still go to the address that order was placed with.';
  const notYou = `If you did not change it, someone may know your password: write to ${shop.email} or call ${shop.phone} as soon as you can.`;
  const text = [`Hello ${data.firstName},`, '', changed, orders, '', notYou, footerText(shop)];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">
      Your account's email was changed
    </h1>
    <p style="margin:0 0 12px;">Hello ${data.firstName}, ${changed} ${orders}</p>
    <p style="margin:0;color:#4b5563;">${notYou}</p>`;
  return message(shop, subject, text, body);
}

/** To the address of an account its owner deleted: what went, what stays, and who to tell if not them. */
export function accountDeleted(data: { firstName: string }, shop: ShopContext): RenderedMail {
  const subject = `Your ${shop.name} account was deleted`;
  const lookup = `${shop.url}/orders/lookup`;
  const text = [
    `Hello ${data.firstName},`,
    '',
    `Your ${shop.name} account was deleted, as you asked: its sign-in, saved details and cart are gone. The orders you placed stay with us as sold; to see one, ask for its link at ${lookup} with its number and the email address it was placed with.`,
    '',
    `If you did not delete it, someone may know your password: write to ${shop.email} or call ${shop.phone}.`,
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">Your account was deleted</h1>
    <p style="margin:0 0 12px;">
      Hello ${data.firstName}, your ${shop.name} account was deleted, as you asked: its sign-in,
      saved details and cart are gone. The orders you placed stay with us as sold; to see one, ask
      for its link at <a href="${lookup}" style="color:#1d4ed8;">${lookup}</a> with its number and
      the email address it was placed with.
    </p>
    <p style="margin:0;color:#4b5563;">
      If you did not delete it, someone may know your password: write to ${shop.email} or call
      ${shop.phone}.
    </p>`;
  return message(shop, subject, text, body);
}

interface ProofMailData {
  orderNumber: number;
  customerInfo: CustomerInfo;
  revision: number;
  lines: Array<{
    lineNumber: number;
    productConfig: OrderedProductConfig;
    quantity: number;
    changed: boolean;
    /** The name of the proof file the shop made for the line, attached after its drawing. */
    proofFile: string | null;
  }>;
  /** What the shop changed (a revision after the first). */
  note: string | null;
  /** The customer asked for changes to the revision before (else the shop revised it unasked). */
  changesAsked: boolean;
  /** The order page, where the proof is approved or changes are asked for. */
  orderUrl: string;
}

/**
 * The proof of a paid order (docs/product.md, "Proofs"): each line's PDF is attached, the order page
 * is where it is approved. A reminder says so in its subject and first line.
 */
export function proofRequest(
  proof: ProofMailData,
  shop: ShopContext,
  { reminder = false }: { reminder?: boolean } = {},
): RenderedMail {
  const revised = proof.revision > 1;
  // A reminder of a revision names it, as that revision's own email did.
  const which = revised ? `revision ${proof.revision} of your proof` : 'your proof';
  const subject = reminder
    ? `Reminder: ${which} for order #${proof.orderNumber} is waiting for your approval`
    : revised
      ? `Revised proof (revision ${proof.revision}) for order #${proof.orderNumber}: please approve`
      : `Your proof for order #${proof.orderNumber}: please approve before we engrave`;
  const opening = reminder
    ? `We have not heard from you about ${revised ? `revision ${proof.revision} of ` : ''}the proof of order #${proof.orderNumber}. We engrave only after you approve it.`
    : revised
      ? proof.changesAsked
        ? `We have made the changes you asked for on order #${proof.orderNumber}: here is revision ${proof.revision} of the proof.`
        : `We have revised the proof of order #${proof.orderNumber}: here is revision ${proof.revision}.`
      : `Thank you for your order #${proof.orderNumber}. Before we engrave, please check the proof: it shows exactly what we will engrave.`;
  const lineText = (line: ProofMailData['lines'][number]) =>
    [
      `Label ${line.lineNumber}: ${describeItem(line.productConfig)}${line.productConfig.customText ? `, "${line.productConfig.customText.replace(/\s+/g, ' ')}"` : ''}${line.proofFile ? `; our proof file ${line.proofFile}` : ''}${revised && line.changed ? ' (changed)' : ''}`,
      ...variableDataTerms(line.productConfig, line.quantity).map(
        ([term, detail]) => `${term}: ${detail}`,
      ),
    ].join('; ');
  const attached = proof.lines.some((line) => line.proofFile)
    ? 'The proof of each label is attached as a PDF, with the proof files we made:'
    : 'The proof of each label is attached as a PDF:';
  const text = [
    `Hello ${proof.customerInfo.firstName},`,
    '',
    opening,
    ...(proof.note ? ['', `What changed: ${proof.note}`] : []),
    '',
    attached,
    ...proof.lines.map((line) => `  ${lineText(line)}`),
    '',
    `Approve it, or ask for changes, on your order page: ${proof.orderUrl}`,
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">
      ${reminder ? 'Your proof is waiting' : revised ? 'Your revised proof' : 'Please approve your proof'}
    </h1>
    <p style="margin:0 0 12px;">Hello ${proof.customerInfo.firstName}, ${opening}</p>
    ${proof.note ? html`<p style="margin:0 0 12px;">What changed: ${proof.note}</p>` : ''}
    <p style="margin:0 0 4px;">${attached}</p>
    <ul style="margin:0 0 16px;padding-left:20px;">
      ${proof.lines.map((line) => html`<li>${lineText(line)}</li>`)}
    </ul>
    <p style="margin:0 0 16px;">
      <a
        href="${proof.orderUrl}"
        style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;"
        >Review and approve the proof</a
      >
    </p>`;
  return message(shop, subject, text, body, opening);
}

/**
 * The customer approved the proof: the order is in production now (the approval is the go-ahead,
 * docs/product.md, "Proofs"), and this says so with what comes next.
 */
/** The customer's email of an order gone into production: who gave the go-ahead, and what is next. */
function inProduction(
  order: { orderNumber: number; customerInfo: CustomerInfo },
  { subject, opening, next }: { subject: string; opening: string; next: string },
  orderUrl: string,
  shop: ShopContext,
): RenderedMail {
  const text = [
    `Hello ${order.customerInfo.firstName},`,
    '',
    opening,
    '',
    next,
    '',
    `Your order's page: ${orderUrl}`,
    footerText(shop),
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 12px;">Your order is in production</h1>
    <p style="margin:0 0 12px;">Hello ${order.customerInfo.firstName}, ${opening}</p>
    <p style="margin:0 0 16px;">${next}</p>
    <p style="margin:0;">
      <a href="${orderUrl}" style="color:#1d4ed8;font-weight:bold;">View your order</a>
    </p>`;
  return message(shop, subject, text, body);
}

const PRODUCTION_NEXT =
  'Production takes 3 to 5 business days. You will get an email with the tracking number when your order ships.';

/**
 * The shop moved the order into production without the customer's approval of its proof (an admin's
 * override: its reason stays with the shop): the customer learns it from the shop, not from the
 * order's page.
 */
export function proofOverridden(
  order: { orderNumber: number; customerInfo: CustomerInfo; revision: number },
  orderUrl: string,
  shop: ShopContext,
): RenderedMail {
  return inProduction(
    order,
    {
      subject: `Order #${order.orderNumber} is in production`,
      opening: `We have started engraving order #${order.orderNumber} as proof revision ${order.revision} shows, without waiting for your approval.`,
      next: `If you did not expect this, write to ${shop.email} or call ${shop.phone} as soon as you can. ${PRODUCTION_NEXT}`,
    },
    orderUrl,
    shop,
  );
}

export function proofApproved(
  order: { orderNumber: number; customerInfo: CustomerInfo; name: string },
  orderUrl: string,
  shop: ShopContext,
): RenderedMail {
  return inProduction(
    order,
    {
      subject: `Proof approved: order #${order.orderNumber} is in production`,
      opening: `Thank you: ${order.name} approved the proof of order #${order.orderNumber}, so we have started engraving exactly what it shows.`,
      next: PRODUCTION_NEXT,
    },
    orderUrl,
    shop,
  );
}
