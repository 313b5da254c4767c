import { tariffCreditResponseSchema } from "@/lib/contracts/tariff";
import { withUser } from "@/lib/server/http/handler";
import { tariffCreditForCaller } from "@/lib/server/payments/credit";

// GET /api/tariff/credit - what the running tariff's unused paid days credit toward another tariff
export const GET = withUser({ response: tariffCreditResponseSchema }, async ({ db, user }) =>
  tariffCreditForCaller({ db, userId: user.id }),
);
