-- A verification now waits on the order service, which is woken by the commit that ends the order
-- (order's migration 0007): payment no longer records outcomes from order.completed/order.cancelled.
DROP TABLE "order_outcome";
