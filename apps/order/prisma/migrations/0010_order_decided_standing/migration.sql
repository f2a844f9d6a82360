-- An order's process ends (ORDER_COMPLETE or CANCEL) with an update of its status. Its notification
-- now carries where the order stands (the columns of src/orders/order-reads.ts' `standingColumns`),
-- so payment's verification, waiting for that end, answers without reading the order again.
DROP TRIGGER order_status_changed ON "orders";

CREATE FUNCTION notify_order_decided() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_decided_' || TG_TABLE_SCHEMA, json_build_object(
    'ono', NEW.ono, 'oTotalPrice', NEW.o_total_price, 'status', NEW.status,
    'cancelReason', NEW.cancel_reason, 'paidPmno', NEW.paid_pmno)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER order_status_changed AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION notify_order_decided();
