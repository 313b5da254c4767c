# syntax=docker/dockerfile:1
# Container image of the app (docs/operations.md): build with the full toolchain, ship only Next's
# standalone folder (server, traced node_modules, migrations, assets) and run it as a non-root user.
#   docker build -t ai-assistant .                          (APP_MODE=production, the default)
#   docker build --build-arg APP_MODE=demo -t ai-assistant . (sandbox providers, for previews)
# Node 24 is the active LTS line; package.json "engines" lists every supported line.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The HSTS header is decided at build time (next.config.ts headers), so the mode is a build argument.
ARG APP_MODE=production
ENV APP_MODE=${APP_MODE} NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# `npm run build` also completes the standalone folder: public/, static assets, our server.js.
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ARG APP_MODE=production
ENV NODE_ENV=production \
    APP_MODE=${APP_MODE} \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    PGLITE_DIR=/data/pglite \
    STORAGE_DIR=/data/files
# Demo secrets, the embedded database and stored files live in /data (mount a volume there).
RUN mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and the server itself, so the SIGTERM of `docker stop` reaches it (graceful shutdown).
CMD ["node", "server.js"]
