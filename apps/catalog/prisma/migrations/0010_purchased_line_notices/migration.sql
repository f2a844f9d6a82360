-- A review waiting for a line catalog has not heard of yet wakes when it is recorded (libs/messaging's
-- notify_listeners, on commit).
CREATE TRIGGER purchased_line_recorded AFTER INSERT ON "purchased_line"
  FOR EACH ROW EXECUTE FUNCTION notify_listeners('catalog_purchased_line', 'orno');
