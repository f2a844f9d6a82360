-- Rendered from libs/topology by `npm run topology:render`: edit the topology, not this file.
-- One database per service, run once on an empty cluster: by the postgres image's
-- /docker-entrypoint-initdb.d (docker-compose.yml) and by deploy/local/infra.sh after initdb.
CREATE DATABASE "catalog";
CREATE DATABASE "member";
CREATE DATABASE "board";
CREATE DATABASE "cart";
CREATE DATABASE "order";
CREATE DATABASE "payment";
CREATE DATABASE "refund";
