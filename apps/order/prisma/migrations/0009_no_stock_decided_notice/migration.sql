-- Placing an order no longer waits for catalog's stock answer (catalog holds the stock while the
-- order is placed), so nobody listens for the stock state's changes.
DROP TRIGGER IF EXISTS order_stock_decided ON "orders";
