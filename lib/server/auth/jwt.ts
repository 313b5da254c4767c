import "server-only";
import { jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { getSecrets } from "./secrets";

// Encoded once: the secret does not change while the process runs.
let encodedKey: Uint8Array | undefined;
const key = () => (encodedKey ??= new TextEncoder().encode(getSecrets().jwtSecret));

export async function issueToken(userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${env.JWT_TTL_SECONDS}s`)
    .sign(key());
}

/** The largest id a PostgreSQL integer column holds: a larger `sub` names no user. */
const MAX_USER_ID = 2_147_483_647;

/**
 * The user id carried by a valid token, or null for a missing, tampered or expired one. `exp` and
 * `sub` are required: a token without an expiry would never stop working.
 */
export async function verifyToken(token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"], requiredClaims: ["exp", "sub"] });
    const sub = payload.sub ?? "";
    const id = /^[1-9]\d{0,9}$/.test(sub) ? Number(sub) : 0;
    return id > 0 && id <= MAX_USER_ID ? id : null;
  } catch {
    return null;
  }
}
