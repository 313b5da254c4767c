// The pages' Content-Security-Policy allows no eval (docs/decisions/0104-content-security-policy.md).
// Zod 4 probes for it with `Function("")` before compiling a fast parser, and the browser reports
// the refused probe as a violation: jitless mode skips the probe. Set on zod's global config object
// (the one `z.config` writes) so the shell does not load zod's bytes to say so; zod reads it at its
// first parse, which comes after this module runs. Imported first by each page's client entry
// (the shell, the demo chat, the sandbox checkout).
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
