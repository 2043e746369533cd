# syntax=docker/dockerfile:1
# uptrends-etl nightly job. Two stages: the first compiles and packs the package (`npm pack`, as
# the README's install does); the second installs that tarball the documented way, into
# /opt/uptrends-etl, and runs as a non-root user. The command is the README's cron line:
#   /opt/uptrends-etl/bin/uptrends-etl nightly --wait 1800   (in /var/lib/uptrends-etl)
# Settings come from the environment (compose.yaml passes every variable of .env); a configuration
# file (accounts, subscriptions) is mounted read-only and named by UPTRENDS_ETL_CONFIG, e.g.
#   docker run --env-file .env -v "$PWD/uptrends-etl.yaml:/etc/uptrends-etl/uptrends-etl.yaml:ro" \
#     -e UPTRENDS_ETL_CONFIG=/etc/uptrends-etl/uptrends-etl.yaml uptrends-etl
# See README "Container".

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# Scripts run later: `prepare` (the build) needs the sources copied below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /tmp/package \
    && mv /tmp/package/uptrends-etl-*.tgz /tmp/package/uptrends-etl.tgz

FROM node:20-bookworm-slim
# No system packages: the charts and PDFs use the DejaVu font shipped in an npm dependency.
COPY --from=build /tmp/package/uptrends-etl.tgz /tmp/uptrends-etl.tgz
RUN npm install -g --prefix /opt/uptrends-etl /tmp/uptrends-etl.tgz --no-audit --no-fund \
    && rm /tmp/uptrends-etl.tgz \
    && npm cache clean --force \
    && groupadd --system uptrends \
    && useradd --system --gid uptrends --home-dir /var/lib/uptrends-etl --create-home uptrends \
    && install -d -o uptrends -g uptrends /var/lib/uptrends-etl/reports
ENV NODE_ENV=production
WORKDIR /var/lib/uptrends-etl
USER uptrends
ENTRYPOINT ["/opt/uptrends-etl/bin/uptrends-etl"]
CMD ["nightly", "--wait", "1800"]
