# syntax=docker/dockerfile:1
# The production image: the standalone bundle of `npm run build` (.next/standalone), nothing else.
# These are exactly the steps CI proves on the bundle (scripts/check-standalone.mjs: `npm ci`,
# `npm run build`, then `node migrate.mjs` and `node server.js` from the bundle's own folder), on the
# Node.js major CI runs them on: 22, for the build and the run alike (docs/decisions/dependencies.md, "Node.js").
# Moving to 24 means moving CI's build and standalone check first.
# The image itself is untested here: the build machines have no container runtime (docs/operations.md).
#
# The base image is pinned to one Node.js release on Debian 12 (bookworm), the release CI runs the
# bundle on (`node -v` in .ci/run's "node.js 22" step), for both stages: a rebuild of the same commit
# gets the same Node.js. Also pin its digest where a registry is reachable (these machines have
# none, so it is not written here): `docker buildx imagetools inspect node:22.23.3-bookworm-slim`,
# then build with --build-arg NODE_IMAGE=node:22.23.3-bookworm-slim@sha256:<digest>
# (docs/operations.md, "The artifact").
ARG NODE_IMAGE=node:22.23.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# `npm ci` runs the postinstall script, which patches Next.js (docs/decisions/nextjs-seams.md).
COPY scripts/patch-next.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
# One value per release, the same for every instance (docs/operations.md, "Several instances").
ARG DEPLOYMENT_ID
ENV DEPLOYMENT_ID=${DEPLOYMENT_ID}
# The server-actions key is a secret: passed as a build secret, never an argument kept in the image's history.
RUN --mount=type=secret,id=server_actions_key \
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$(cat /run/secrets/server_actions_key 2>/dev/null || true)" npm run build

FROM ${NODE_IMAGE} AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
# A larger young generation: fewer scavenges per rendered page (docs/operations.md, "Node.js's young generation").
ENV NODE_OPTIONS=--max-semi-space-size=64
# server.js, migrate.mjs, cli.mjs and only the packages they need: no sharp (the image optimizer is off).
COPY --from=build --chown=node:node /app/.next/standalone ./
# The official image's unprivileged user.
USER node
EXPOSE 3000
# Liveness only (/api/health never touches the database); balancers use /api/ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The release step runs the same image: `docker run … node migrate.mjs` (compose.yaml's `migrate`);
# so does the operator CLI: `docker run --rm -e DATABASE_URL=… provider-registry node cli.mjs help`.
CMD ["node", "server.js"]
