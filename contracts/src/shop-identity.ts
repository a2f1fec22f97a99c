/**
 * Who the shop is, as every place names it: the site's header, footer and contact pages (the shell's
 * server), the invoices and every email (the API). Each reads SHOP_NAME, SHOP_PHONE, SHOP_EMAIL,
 * SHOP_HOURS and SHOP_ADDRESS and falls back to these same defaults (shop-identity.json, which the
 * shell's plain Node server imports too), so the site and the mail can never name two shops.
 */
import defaults from './shop-identity.json';

export interface ShopIdentity {
  name: string;
  /** As shown and dialled, such as "+1 (555) 010-4477". */
  phone: string;
  email: string;
  /** Opening hours as shown, such as "Monday to Friday, 8:00 AM to 5:00 PM". */
  hours: string;
  /** The postal address, one line; none by default (left off wherever it would show). */
  address?: string | null;
}

export const SHOP_IDENTITY_DEFAULTS: Readonly<ShopIdentity> = defaults;
