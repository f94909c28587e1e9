/**
 * The secrets the emulator makes for a database: random passwords and a fake CA certificate. They
 * only need to be unguessable and of the API's form, never usable.
 */
import { randomBytes } from "node:crypto";

/** A new random root password. */
export function newPassword(): string {
  return randomBytes(18).toString("base64url");
}

/** A fake PEM CA certificate, base64-encoded as the API returns it. */
export function newCertificate(): string {
  const body = randomBytes(96)
    .toString("base64")
    .replace(/(.{64})/g, "$1\n");
  const pem = `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
  return Buffer.from(pem).toString("base64");
}
