-- The shop's items in the embedded H2 that Spring Boot makes when the server is given no datasource URL
-- (spring.sql.init runs this on an embedded database only): the rows of db/shop.sql's items table, which
-- PostgreSQL gets from `loomlab assess --postgres --db-init servers/spring/db/shop.sql`.
CREATE TABLE items (
    id    integer      PRIMARY KEY,
    name  varchar(100) NOT NULL,
    stock integer      NOT NULL
);
INSERT INTO items (id, name, stock)
SELECT x, 'item ' || x, 1000000 FROM system_range(1, 500);
