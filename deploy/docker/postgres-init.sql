-- One database per service. Run once on an empty cluster: by the postgres image's
-- /docker-entrypoint-initdb.d (docker-compose.yml) and by deploy/local/infra.sh after initdb.
-- "order" is a reserved word, hence the quotes.
CREATE DATABASE catalog;
CREATE DATABASE member;
CREATE DATABASE cart;
CREATE DATABASE "order";
CREATE DATABASE payment;
CREATE DATABASE refund;
CREATE DATABASE board;
