// The sandbox card frame's tokenize call: a test card in, a one-time token out (docs/design.md section 5).
import { z } from 'zod';
import { mintSandboxToken, type SandboxOutcome } from './sandbox';

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** The Luhn check every card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function notExpired(expiry: string): boolean {
  const now = new Date();
  const match = EXPIRY.exec(expiry);
  if (!match) return false;
  const year = 2000 + Number(match[2]);
  const month = Number(match[1]);
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export const sandboxCardSchema = z.object({
  cardNumber: z
    .string({ error: 'Card number is required.' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, 'Card number is not valid.')
        .refine(passesLuhn, 'Card number is not valid.'),
    ),
  expiry: z
    .string({ error: 'Expiration date is required.' })
    .trim()
    .regex(EXPIRY, 'Expiration date must be MM/YY.')
    .refine((value) => notExpired(value), 'The card has expired.'),
  cvv: z
    .string({ error: 'Security code (CVV) is required.' })
    .trim()
    .regex(/^\d{3,4}$/, 'Security code (CVV) must be 3 or 4 digits.'),
  postalCode: z
    .string({ error: 'Postal code is required.' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/, 'Postal code is not valid.'),
});

type SandboxCard = z.output<typeof sandboxCardSchema>;

/** What a test card does when charged; 4000 0000 0000 0002 is declined, the rest by CVV, ZIP, expiry. */
function sandboxOutcomeOf(card: SandboxCard): SandboxOutcome {
  const digits = card.cardNumber.replace(/\D/g, '');
  if (digits === '4000000000000002') return 'GENERIC_DECLINE';
  if (card.expiry.replace(/\s/g, '') === '01/40') return 'INVALID_EXPIRATION';
  if (card.cvv === '911') return 'CVV_FAILURE';
  if (card.postalCode.trim() === '99999') return 'ADDRESS_VERIFICATION_FAILURE';
  return 'approved';
}

/** Mints the one-time token for a test card; the card itself is not stored (only its last 4). */
export async function tokenizeSandboxCard(card: SandboxCard): Promise<string> {
  return mintSandboxToken(sandboxOutcomeOf(card), card.cardNumber.slice(-4));
}
