-- A shopper's refund request or review, written elsewhere, reaches the order as an event; whoever
-- waits to show it to that shopper wakes when it lands (libs/messaging's notify_listeners, on commit).
CREATE TRIGGER order_refund_marked AFTER UPDATE OF "refund_rfno" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION notify_listeners('order_changed', 'ono');

CREATE TRIGGER order_line_reviewed AFTER UPDATE OF "rno" ON "order_detail"
  FOR EACH ROW EXECUTE FUNCTION notify_listeners('order_changed', 'ono');
