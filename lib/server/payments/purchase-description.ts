import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { packages, tariffs, type Payment } from "@/db/schema";

// What a payment bought, in the words the provider shows the payer and prints on a 54-FZ receipt.
// A partial refund's receipt names the same purchase, so both are built here.

export const tariffPurchase = (tariffName: string, months: number) => `Tariff ${tariffName}, ${months * 30} days`;
export const packagePurchase = (packageName: string) => `Package ${packageName}`;

/** The description `payment` was created with (its tariff's or package's name as it is now). */
export async function purchaseDescription(db: Db, payment: Payment): Promise<string> {
  if (payment.packageId !== null) {
    const [pkg] = await db.select({ name: packages.name }).from(packages).where(eq(packages.id, payment.packageId));
    return packagePurchase(pkg?.name ?? "");
  }
  const [tariff] =
    payment.tariffId === null
      ? []
      : await db.select({ name: tariffs.name }).from(tariffs).where(eq(tariffs.id, payment.tariffId));
  return tariffPurchase(tariff?.name ?? "Custom", payment.months);
}
