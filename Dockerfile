# syntax=docker/dockerfile:1
# Mocksmith as an image: the built web app and server on Node 20, run by an unprivileged user.
# Build: docker build -t mocksmith .   Run: docker run -p 3000:3000 -v mocksmith:/data mocksmith
# (the embedded PostgreSQL in /data), or with DATABASE_URL and REDIS_URL (see compose.yaml).
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Build: every dependency, then the web app (prerendered, precompressed) and the server bundle.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/engine/package.json packages/engine/
COPY packages/cli/package.json packages/cli/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The server's runtime dependencies only: no dev tools, no web libraries (the web is built).
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/engine/package.json packages/engine/
COPY packages/cli/package.json packages/cli/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace=@mocksmith/server \
  && npm cache clean --force

# 3. The image: what the server reads at run time, owned by root, writable only in /data.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/core/package.json packages/core/
COPY --from=build /app/packages/engine/package.json packages/engine/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/backend/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The command `npm start` runs (scripts/server-command.mjs); the process tests stop it.
CMD ["node", "--enable-source-maps", "--no-memory-reducer", "--min-semi-space-size=16", "--heap-growing-percent=50", "apps/server/dist/server.js"]
