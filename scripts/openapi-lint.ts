// `npm run lint`'s OpenAPI step: the document GET /api/openapi.json serves, generated here from the
// contracts (no server, no database), written to a temporary file and linted by Redocly CLI with
// its recommended rules (redocly.yaml). Its telemetry and update check are off: lint calls no one.
// `npm run lint:openapi -- <file>` lints that document instead (to see a violation fail the lint).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import redoclyPackage from "@redocly/cli/package.json" with { type: "json" };
import { openApiDocument } from "@/lib/server/http/openapi";

const given = process.argv[2];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-lint-"));
const file = given ?? path.join(dir, "openapi.json");
if (!given) fs.writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));

const redocly = path.join("node_modules", "@redocly", "cli", redoclyPackage.bin.redocly);
const lint = spawnSync(process.execPath, [redocly, "lint", file, "--config", "redocly.yaml"], {
  encoding: "utf8",
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true", NO_COLOR: "1" },
});
fs.rmSync(dir, { recursive: true, force: true });
// Redocly boxes a notice that its Node 20 support is ending; the lint's own lines are what matter here.
const withoutNotice = (text: string) => text.replace(/^\s*[╔║╚].*\n/gm, "").replace(/^\s*\n/gm, "");
process.stdout.write(withoutNotice(lint.stdout ?? ""));
process.stderr.write(withoutNotice(lint.stderr ?? ""));
process.exit(lint.status ?? 1);
