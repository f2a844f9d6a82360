// No schemas here: the web app's entry chunk (which logs visits) reads these without taking zod along.

/** How many days of daily counts the live stream carries (today last). */
export const VISITOR_SNAPSHOT_DAYS = 7;

/** The `event:` name of the stream's snapshot frames. */
export const VISITOR_SNAPSHOT_EVENT = 'visitors';
