/**
 * Calendar days as the studio counts them: `YYYY-MM-DD` in the studio's time zone (STUDIO_TIME_ZONE),
 * so "today", days in a stage and predicted dates do not move with the server's own zone.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The studio-local calendar day of an instant (an ISO string or a Date). */
export function localDate(instant: string | Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` (or an ISO time, by its date), read from its digits. */
const dayNumber = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** Whole calendar days from `from` to `to` (negative when `to` comes first). */
export const daysFrom = (from: string, to: string): number => Math.round(dayNumber(to) - dayNumber(from));

// A day's text by its number: predictions write the same few hundred days thousands of times a request.
const dayTexts = new Map<number, string>();
const dayText = (day: number): string => {
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayTexts.size < 100_000) dayTexts.set(day, text);
  }
  return text;
};

/** The calendar day `days` after `date` (whole days; a fraction counts as a whole day more). */
export const addDays = (date: string, days: number): string => dayText(dayNumber(date) + Math.ceil(days));

/** Whether a time zone name is one this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'MMM dd, yyyy', the studio's date format in emails and reasons, from an ISO date, read as the calendar day it names. */
export function formatDay(iso: string | null): string | null {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  if (!match) return null;
  const [, year, month, day] = match;
  return `${MONTHS[Number(month) - 1] ?? month} ${day}, ${year}`;
}
