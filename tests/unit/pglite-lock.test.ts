import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock } from "@/db/lock";

const tempDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lock-")), "pglite");

describe("acquireDataDirLock", () => {
  it("refuses a folder another live process holds, with a clear message", async () => {
    const dir = tempDir();
    const other = spawn("sleep", ["30"]);
    try {
      fs.writeFileSync(`${dir}.lock`, String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(/already used by process/);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a dead process and releases it", () => {
    const dir = tempDir();
    fs.writeFileSync(`${dir}.lock`, "999999999");
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});
