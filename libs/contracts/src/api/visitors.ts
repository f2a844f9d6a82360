import { z } from 'zod';

/** Visits and distinct visitors of one Korean calendar day (`yyyy-MM-dd`). */
export const dailyVisitsSchema = z.object({
  date: z.string(),
  visits: z.number().int(),
  visitors: z.number().int(),
});
export type DailyVisits = z.infer<typeof dailyVisitsSchema>;

/** Visits in one hour (0 to 23, Korean time) of a day. */
export const hourlyVisitsSchema = z.object({ hour: z.number().int(), visits: z.number().int() });
export type HourlyVisits = z.infer<typeof hourlyVisitsSchema>;

/**
 * One frame of `GET /api/admin/visitor/stream`: the counters the admin dashboard shows, sent on
 * connect and again after visits are recorded.
 */
export interface VisitorSnapshot {
  /** Today in Korean time, `yyyy-MM-dd`. */
  today: string;
  /** The last `VISITOR_SNAPSHOT_DAYS` days, oldest first, today last. */
  daily: DailyVisits[];
  /** Today's 24 hours. */
  hourly: HourlyVisits[];
}
