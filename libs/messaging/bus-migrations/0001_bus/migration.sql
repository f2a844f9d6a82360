-- The standalone mode's in-process bus: a durable log per topic and an offset per consumer group,
-- so a crash between publish and delivery loses nothing, as with Kafka.
CREATE TABLE bus_message (
  id         bigserial PRIMARY KEY,
  topic      text NOT NULL,
  message_key text NOT NULL,
  value      text NOT NULL,
  headers    jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bus_message_topic_idx ON bus_message (topic, id);

CREATE TABLE bus_offset (
  group_id text NOT NULL,
  topic    text NOT NULL,
  last_id  bigint NOT NULL,
  PRIMARY KEY (group_id, topic)
);
