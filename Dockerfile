# lijnwijzer's container image (deploy/container/README.md): the demo network by default; one's own snapshot and
# keys file in the /data volume. Multi-stage: the build stage compiles dist/ (TypeScript and the demo page) with
# the dev dependencies, the image keeps the runtime dependencies only and runs as the unprivileged user `node`.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json vite.config.ts ./
COPY bin ./bin
COPY src ./src
COPY web ./web
COPY scripts ./scripts
COPY data ./data
RUN npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    LOG_FORMAT=json \
    LIJNWIJZER_CACHE_DIR=/var/cache/lijnwijzer \
    LIJNWIJZER_DATA=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
COPY --from=build /app/data ./data
COPY LICENSE README.md CHANGELOG.md ./
COPY deploy/container/entrypoint.sh /usr/local/bin/lijnwijzer-entrypoint
RUN mkdir -p /var/cache/lijnwijzer /data && chown node:node /var/cache/lijnwijzer /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# /ready: the network loaded and the real-time feeds within their age (docs/OPERATIONS.md "Health").
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["lijnwijzer-entrypoint"]
CMD []
