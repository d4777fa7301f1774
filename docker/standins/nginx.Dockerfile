# A local stand-in for the official nginx:1.25-bookworm image, for scripts/docker-smoke --cluster
# where no registry answers: Debian's nginx (1.22) on debian:bookworm-slim, laid out as
# docker/compose.cluster.yaml expects of the official one (/etc/nginx/conf.d/*.conf inside the
# http block, logs to the container's output, `nginx -g 'daemon off;'`). Built from this folder:
#   docker build -f docker/standins/nginx.Dockerfile -t nginx:1.25-bookworm docker/standins
# Never needed on a host that can pull the real image.
FROM debian:bookworm-slim
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx \
    && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* \
    && ln -sf /dev/stdout /var/log/nginx/access.log \
    && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
# The official image's: SIGQUIT lets nginx finish the requests it is serving.
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
