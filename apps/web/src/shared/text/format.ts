import { groupDigits } from '@mkt/pricing';

/** 1024 -> "1,024" */
export function formatNumber(value: number): string {
  return groupDigits(value);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO date-time with a zone (Z or +09:00): an instant, shown in the shopper's own time zone. */
const WITH_ZONE = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A server date as yyyy.MM.dd. An instant (with a zone) is shown in local time; a date or a local
 * date-time without a zone ('2025-03-07', '2025-03-07T10:00:00') keeps the day as written.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const written = CALENDAR_DAY.exec(value);
  if (written && !WITH_ZONE.test(value)) return `${written[1]}.${written[2]}.${written[3]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`;
}

const CALENDAR_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/**
 * A server date-time as yyyy.MM.dd HH:mm: an instant (with a zone) in local time, a local
 * date-time as written; a date alone reads as formatDate does.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const written = CALENDAR_TIME.exec(value);
  if (written && !WITH_ZONE.test(value))
    return `${written[1]}.${written[2]}.${written[3]} ${written[4]}:${written[5]}`;
  if (!written && CALENDAR_DAY.test(value)) return formatDate(value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatDate(value)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
