# syntax=docker/dockerfile:1
# API image: docker build -f deploy/docker/api.Dockerfile -t <registry>/solvr/api:<tag> .
# The same image runs the operator CLI: node dist/apps/api/cli.js migrate | create-admin <email>.

# --- build: all dependencies, then the api and worker bundles, and the shell and marketing area the api renders
# the public pages with. The build stage is identical in worker.Dockerfile,
# so BuildKit reuses one cached build for both images.
FROM node:20-bookworm-slim AS build
WORKDIR /src
# Compilers for native modules (argon2, better-sqlite3) when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
ENV NX_DAEMON=false NX_NO_CLOUD=true
RUN npx nx run-many -t build -p api worker shell marketing

# --- production dependencies only (webpack leaves npm packages external to the bundle).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data WEB_DIST_DIR=/app/dist/apps
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /src/dist/apps/api ./dist/apps/api
# Server rendering of the public pages: the shell's index.html and styles, its render bundle, the marketing styles.
# Built from the same commit as the shell and marketing images, so the browser hydrates the same markup.
COPY --from=build /src/dist/apps/shell ./dist/apps/shell
COPY --from=build /src/dist/apps/shell-ssr ./dist/apps/shell-ssr
COPY --from=build /src/dist/apps/marketing ./dist/apps/marketing
# DATA_DIR must be writable by the app user (local files and the outbox when S3/SMTP are not configured).
RUN mkdir -p /data && chown 1000:1000 /data
# The image's "node" user, numeric so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 3000
# The node flags of tools/lib/api-node-flags.mjs (why: see there).
CMD ["node", "--heap-growing-percent=100", "dist/apps/api/main.js"]
