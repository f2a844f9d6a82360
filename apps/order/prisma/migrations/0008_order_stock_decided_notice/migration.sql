-- Catalog's answer to a placed order (stock reserved or rejected) lands as an update of its stock
-- state; the placement waiting for that answer before the shopper pays wakes when it commits.
CREATE TRIGGER order_stock_decided AFTER UPDATE OF "stock" ON "orders"
  FOR EACH ROW WHEN (OLD."stock" IS DISTINCT FROM NEW."stock")
  EXECUTE FUNCTION notify_listeners('order_changed', 'ono');
