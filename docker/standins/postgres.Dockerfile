# A local stand-in for the official postgres:15-bookworm image, for scripts/docker-smoke
# --cluster where no registry answers: Debian's postgresql-15 on debian:bookworm-slim, with an
# entrypoint that honours what docker/compose.cluster.yaml uses of the official one
# (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, the data in /var/lib/postgresql/data, a
# password over TCP, pg_isready on the PATH for the health check). Built from this folder:
#   docker build -f docker/standins/postgres.Dockerfile -t postgres:15-bookworm docker/standins
# Never needed on a host that can pull the real image.
FROM debian:bookworm-slim
# No cluster from the package: the entrypoint makes one in the volume, as the official image does.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
    && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main.conf \
    && apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
    && chown postgres:postgres /var/lib/postgresql/data /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
# The official image's: SIGINT is PostgreSQL's fast shutdown.
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
