import { alertSettingsPutBodySchema, alertSettingsResponseSchema } from "@/lib/contracts/admin-alerts";
import { putAlertSettings, readAlertSettings } from "@/lib/server/alerts/settings";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/alerts - every alert kind with its setting (defaults for those never changed)
export const GET = withAdmin({ response: alertSettingsResponseSchema }, async ({ db }) => ({
  items: await readAlertSettings(db),
}));

// PUT /api/admin/alerts - the kinds given on or off, with their thresholds (audited)
export const PUT = withAdmin(
  { body: alertSettingsPutBodySchema, response: alertSettingsResponseSchema },
  ({ db, operator, body }) => putAlertSettings({ db, operator }, body.items),
);
