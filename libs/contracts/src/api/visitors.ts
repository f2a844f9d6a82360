/** Visits and distinct visitors of one Korean calendar day (`yyyy-MM-dd`). */
export interface DailyVisits {
  date: string;
  visits: number;
  visitors: number;
}

/** Visits in one hour (0 to 23, Korean time) of a day. */
export interface HourlyVisits {
  hour: number;
  visits: number;
}

/** How many days of daily counts the live stream carries (today last). */
export const VISITOR_SNAPSHOT_DAYS = 7;

/**
 * One frame of `GET /api/admin/visitor/stream`: the counters the admin dashboard shows, sent on
 * connect and again after visits are recorded.
 */
export interface VisitorSnapshot {
  /** Today in Korean time, `yyyy-MM-dd`. */
  today: string;
  /** The last {@link VISITOR_SNAPSHOT_DAYS} days, oldest first, today last. */
  daily: DailyVisits[];
  /** Today's 24 hours. */
  hourly: HourlyVisits[];
}

/** The `event:` name of the stream's snapshot frames. */
export const VISITOR_SNAPSHOT_EVENT = 'visitors';
