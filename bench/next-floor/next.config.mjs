// The Next floor: the app's own settings that shape a request (see bench/next-floor.ts).
export default {
  serverExternalPackages: ["postgres"],
  poweredByHeader: false,
  skipTrailingSlashRedirect: true,
};
