import "server-only";
import { jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { getSecrets } from "./secrets";

// Imported once as an HMAC key: the secret does not change while the process runs. Given the raw
// bytes, jose imports them into a new CryptoKey on every sign and verify (an async WebCrypto call
// that showed in a signed-in request's profile); given the key, it checks its algorithm and usages.
// Callers take `readyKey` once it is there and await the import only before that.
let importing: Promise<CryptoKey> | undefined;
let readyKey: CryptoKey | undefined;
const importKey = () =>
  (importing ??= crypto.subtle
    .importKey("raw", new TextEncoder().encode(getSecrets().jwtSecret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ])
    .then((imported) => (readyKey = imported)));

/**
 * Two kinds of token share the secret and are told apart by their audience: the mini-app's session
 * (`sub` = the user's row id) and the console's operator token (`sub` = the operator's Telegram id,
 * who need not be a user of the app). Each is refused where the other is expected.
 */
const AUDIENCE = { miniApp: "mini-app", operator: "operator" } as const;

async function sign(subject: number, audience: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(subject))
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${env.JWT_TTL_SECONDS}s`)
    .sign(readyKey ?? (await importKey()));
}

/** The positive integer `sub` of a valid token of this audience, at most `max`; null otherwise. */
async function verify(token: string, audience: string, max: number): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, readyKey ?? (await importKey()), {
      algorithms: ["HS256"],
      audience,
      requiredClaims: ["exp", "sub", "aud"],
    });
    const sub = payload.sub ?? "";
    const id = /^[1-9]\d{0,15}$/.test(sub) ? Number(sub) : 0;
    return id > 0 && id <= max ? id : null;
  } catch {
    return null;
  }
}

export function issueToken(userId: number): Promise<string> {
  return sign(userId, AUDIENCE.miniApp);
}

/** The largest id a PostgreSQL integer column holds: a larger `sub` names no user. */
const MAX_USER_ID = 2_147_483_647;

/**
 * The user id carried by a valid mini-app token, or null for a missing, tampered, expired or
 * operator one. `exp` and `sub` are required: a token without an expiry would never stop working.
 */
export function verifyToken(token: string): Promise<number | null> {
  return verify(token, AUDIENCE.miniApp, MAX_USER_ID);
}

export function issueOperatorToken(telegramId: number): Promise<string> {
  return sign(telegramId, AUDIENCE.operator);
}

/** The Telegram id carried by a valid operator token, or null (a mini-app token is not one). */
export function verifyOperatorToken(token: string): Promise<number | null> {
  return verify(token, AUDIENCE.operator, Number.MAX_SAFE_INTEGER);
}
