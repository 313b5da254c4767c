import {
  adminPackageCreateSchema,
  adminPackageResponseSchema,
  adminPackagesResponseSchema,
} from "@/lib/contracts/admin-catalogue";
import { createAdminPackage, listAdminPackages } from "@/lib/server/admin/catalogue/packages";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/packages - every package of the store
export const GET = withAdmin({ response: adminPackagesResponseSchema }, ({ db }) => listAdminPackages({ db }));

// POST /api/admin/packages - a new package (audited)
export const POST = withAdmin(
  { body: adminPackageCreateSchema, response: adminPackageResponseSchema },
  ({ db, operator, body }) => createAdminPackage({ db, operator, body }),
);
