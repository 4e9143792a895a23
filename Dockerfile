# The workspace manifests alone, so `npm ci` stays cached until a dependency changes; both stages start here.
# Node.js 24, the current LTS (20 reached its end of life in April 2026); CI runs the tests under it too.
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY infra/package.json infra/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projector/package.json projector/
COPY pwa/package.json pwa/

# Build stage: every dependency (dev included) to build the PWA and bundle the services.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime: production dependencies, the bundles, the built PWA and the migrations; no sources' dev
# tooling, no .git (.dockerignore), run as the unprivileged `node` user.
FROM manifests
ENV NODE_ENV=production
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/pwa/dist ./pwa/dist
COPY --from=build /app/infra/src/migrations ./infra/src/migrations
# Spec documents live in the database; files an earlier version kept on this volume are moved in at start.
ENV DOCUMENT_STORE_DIR=/var/lib/order-tracker/documents
RUN mkdir -p /var/lib/order-tracker/documents /var/lib/order-tracker/privacy /app/.data && chown -R node:node /var/lib/order-tracker /app/.data
# The erasure ledger is kept outside the database and its backups, so it needs a volume of its own.
VOLUME ["/var/lib/order-tracker/privacy"]
USER node
EXPOSE 3000
# The launcher's gateway by default; docker-compose points each service's check at its own port.
ENV HEALTHCHECK_URL=http://127.0.0.1:3000/healthz
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(process.env.HEALTHCHECK_URL).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/launcher.js"]
