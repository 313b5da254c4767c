import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The embedded database ships WebAssembly files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  poweredByHeader: false,
};

export default nextConfig;
