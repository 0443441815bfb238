# syntax=docker/dockerfile:1
# One static frontend per image: docker build -f deploy/docker/web.Dockerfile --build-arg APP=portal -t <registry>/solvr/web-portal:<tag> .
# APP = shell | marketing | portal | admin. Served by nginx as uid 101 on port 8080 (deploy/nginx/web.conf.template).

FROM node:20-bookworm-slim AS build
ARG APP
RUN case "$APP" in shell|marketing|portal|admin) ;; *) echo "build arg APP must be shell, marketing, portal or admin" >&2; exit 1 ;; esac
WORKDIR /src
# Compilers for native modules (argon2, better-sqlite3) that npm install builds when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
ENV NX_DAEMON=false NX_NO_CLOUD=true
RUN npx nx run "$APP":build
# The shell sits at the web root with a default manifest; a remote sits under remotes/<APP>/, the path the ingress
# forwards unchanged (no prefix stripping), matching the api's embedded mode.
RUN mkdir -p /out/www /out/etc \
 && if [ "$APP" = shell ]; then \
      cp -R dist/apps/shell/. /out/www/ && cp deploy/nginx/remotes.json /out/etc/remotes.json; \
    else \
      mkdir -p "/out/www/remotes/$APP" && cp -R "dist/apps/$APP/." "/out/www/remotes/$APP/"; \
    fi

FROM nginxinc/nginx-unprivileged:1.27-alpine
# Read by the image's entrypoint, which renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ (envsubst).
ENV NGINX_PORT=8080 WEB_ROOT=/srv/www REMOTES_MANIFEST=/etc/solvr/remotes.json
COPY deploy/nginx/web.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /out/etc/ /etc/solvr/
COPY --from=build /out/www/ /srv/www/
USER 101
EXPOSE 8080
