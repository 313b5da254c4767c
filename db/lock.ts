import fs from "node:fs";
import path from "node:path";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite allows one process per data folder: a second writer would corrupt it. Take a lock file
 * holding our pid; a lock left by a dead process is taken over. Returns the release function.
 */
export function acquireDataDirLock(dir: string): () => void {
  // Beside the folder, not in it: PGlite expects its data folder to hold only its own files.
  const lockPath = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8"));
      if (owner === process.pid) return () => {};
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is already used by process ${owner}. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock the embedded database folder ${dir}.`);
}
