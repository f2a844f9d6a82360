-- An order's process ends (ORDER_COMPLETE or CANCEL) with an update of its status; whoever waits for
-- that end (payment's verification) wakes when it commits, instead of waiting for order.completed's hop.
CREATE TRIGGER order_status_changed AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION notify_listeners('order_changed', 'ono');
