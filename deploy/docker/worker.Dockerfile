# syntax=docker/dockerfile:1
# Worker image (Bull processors; health on port 3001): docker build -f deploy/docker/worker.Dockerfile -t <registry>/solvr/worker:<tag> .

# --- build: identical to api.Dockerfile on purpose, so BuildKit reuses one cached build for both images.
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
ENV NODE_ENV=production WORKER_PORT=3001 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /src/dist/apps/worker ./dist/apps/worker
RUN mkdir -p /data && chown 1000:1000 /data
# The image's "node" user, numeric so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 3001
CMD ["node", "dist/apps/worker/main.js"]
