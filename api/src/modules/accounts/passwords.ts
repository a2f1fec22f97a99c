// Password hashing with bcrypt (bcryptjs: pure JavaScript, its async form yields to the event loop).
// Cost 10: each step up doubles a sign-in's processor time, and 12 was too slow for sign-ins under
// load on a 2-core machine. Raise it with faster hardware.
import bcrypt from 'bcryptjs';

const BCRYPT_COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

let unknownAccountHash: Promise<string> | undefined;

/**
 * Compares against the account's hash, or, when there is no such account, against a hash of a random
 * password, so an unknown email takes as long to refuse as a wrong password (no account enumeration
 * by timing).
 */
export async function passwordMatches(
  password: string,
  hash: string | undefined,
): Promise<boolean> {
  if (hash !== undefined) return bcrypt.compare(password, hash);
  unknownAccountHash ??= hashPassword(crypto.randomUUID());
  await bcrypt.compare(password, await unknownAccountHash);
  return false;
}
