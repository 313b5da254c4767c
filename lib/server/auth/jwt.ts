import "server-only";
import { jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { getSecrets } from "./secrets";

const key = () => new TextEncoder().encode(getSecrets().jwtSecret);

export async function issueToken(userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${env.JWT_TTL_SECONDS}s`)
    .sign(key());
}

/** The user id carried by a valid token, or null for a missing, tampered or expired one. */
export async function verifyToken(token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"] });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
