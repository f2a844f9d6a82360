-- The standalone mode's key-value store (apps/bff/src/auth/embedded-key-value-store.ts): what Redis
-- keeps in distributed mode (sessions, login limits, visitor counts), here in the embedded database
-- so a restart keeps it. A key is absent once expires_at has passed; expired rows are pruned.
CREATE TABLE kv_entry (
  key        text PRIMARY KEY,
  -- Strings and counters; null for a key that holds members.
  value      text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX kv_entry_expires_idx ON kv_entry (expires_at);

-- The members of a set, or the fields of a key's counts (with their count); they go with their key.
CREATE TABLE kv_member (
  key    text NOT NULL REFERENCES kv_entry (key) ON DELETE CASCADE,
  member text NOT NULL,
  count  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (key, member)
);
