import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The embedded database ships WebAssembly files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  poweredByHeader: false,
  // Lets parallel builds (several developers' end-to-end runs on one machine) use separate folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
