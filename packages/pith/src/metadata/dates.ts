/**
 * Date parsing for metadata: normalises the many ways pages write a date to ISO
 * 8601 — `2023-05-01` for a day, `2023-05-01T10:00:00+02:00` (or `…Z`) when the
 * page gives a time with an offset, `2023-05-01T10:00:00` for a time without one.
 *
 * Accepted: ISO 8601 (with or without time, offset, fraction), `2023/05/01`,
 * `2023.05.01`, `20230501`, RFC 2822 (`Mon, 01 May 2023 10:00:00 +0000`),
 * `May 1, 2023`, `1 May 2023`, `1st of May, 2023`, `01.05.2023` (day first),
 * `05/01/2023` when the day/month order is unambiguous, `2023年5月1日`, and unix
 * timestamps in seconds or milliseconds. Implausible dates — before 1995 or more
 * than a day after `now` — are rejected. Every pattern is bounded, so parsing is
 * linear in the input (which is capped anyway).
 */

/** Earliest year accepted: the web had few dated pages before. */
export const MIN_YEAR = 1995;
const DAY_MS = 86_400_000;
const MAX_INPUT = 300;

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * Month names and abbreviations of the languages the datasets are in (de, fr,
 * es, it, nl, pt; English is matched by prefix below).
 */
const LOCAL_MONTHS: ReadonlyMap<string, number> = (() => {
  const names: string[][] = [
    ['januar', 'jänner', 'jän', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'janeiro'],
    ['februar', 'feber', 'février', 'févr', 'fév', 'febrero', 'febbraio', 'februari', 'fevereiro', 'fev'],
    ['märz', 'maerz', 'mär', 'mars', 'marzo', 'maart', 'março', 'mrt'],
    ['avril', 'avr', 'abril', 'abr', 'aprile'],
    ['mai', 'mayo', 'maggio', 'mag', 'mei', 'maio'],
    ['juni', 'juin', 'junio', 'giugno', 'giu', 'junho'],
    ['juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho'],
    ['août', 'aout', 'agosto', 'ago', 'augustus'],
    ['septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro'],
    ['oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro'],
    ['novembre', 'noviembre', 'novembro'],
    ['dezember', 'dez', 'décembre', 'déc', 'diciembre', 'dic', 'dicembre', 'dezembro'],
  ];
  const map = new Map<string, number>();
  names.forEach((list, index) => {
    for (const name of list) map.set(name, index + 1);
  });
  return map;
})();

/** 1–12 for a month name or abbreviation (`Sep`, `Sept`, `März`, `févr.`), else 0. */
function monthOf(word: string): number {
  const lower = word.toLowerCase().replace(/\.$/, '');
  const local = LOCAL_MONTHS.get(lower);
  if (local !== undefined) return local;
  if (lower.length < 3) return 0;
  for (let index = 0; index < 12; index++) {
    if (MONTH_NAMES[index].startsWith(lower)) return index + 1;
  }
  return 0;
}

const ZONES: Record<string, number> = {
  z: 0,
  ut: 0,
  utc: 0,
  gmt: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  cet: 60,
  cest: 120,
  bst: 60,
};

/** Minutes east of UTC for an offset or zone name, or undefined. */
function zoneOffset(zone: string | undefined): number | undefined {
  if (!zone) return undefined;
  const lower = zone.toLowerCase();
  if (Object.hasOwn(ZONES, lower)) return ZONES[lower];
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? '0');
  if (hours > 14 || minutes > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  /** Minutes east of UTC; 'Z' kept apart so we can print it back as Z. */
  offset?: number;
  utc?: boolean;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Formats valid, plausible parts as ISO 8601, or returns undefined. */
function format(parts: Parts, now: number): string | undefined {
  const { year, month, day } = parts;
  if (!Number.isInteger(year) || year < MIN_YEAR || year > 9999) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  const dayStart = Date.UTC(year, month - 1, day);
  if (parts.hour === undefined || parts.minute === undefined) {
    return dayStart > now + DAY_MS ? undefined : date;
  }
  const hour = parts.hour;
  const minute = parts.minute;
  const second = parts.second ?? 0;
  if (hour > 23 || minute > 59 || second > 60) {
    return dayStart > now + DAY_MS ? undefined : date;
  }
  const time = `${date}T${pad(hour)}:${pad(minute)}:${pad(Math.min(second, 59))}`;
  if (parts.offset === undefined) {
    // A floating local time: the plausibility check allows a day for the unknown zone.
    return dayStart > now + DAY_MS ? undefined : time;
  }
  const instant = Date.UTC(year, month - 1, day, hour, minute, second) - parts.offset * 60_000;
  if (instant > now + DAY_MS || new Date(instant).getUTCFullYear() < MIN_YEAR) return undefined;
  if (parts.utc) return `${time}Z`;
  const sign = parts.offset < 0 ? '-' : '+';
  const abs = Math.abs(parts.offset);
  return `${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function withZone(parts: Parts, zone: string | undefined): Parts {
  const offset = zoneOffset(zone);
  if (offset === undefined) return parts;
  const lower = zone?.toLowerCase() ?? '';
  return { ...parts, offset, utc: lower === 'z' || lower === 'utc' || lower === 'gmt' || lower === 'ut' };
}

const ISO =
  /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?|UTC|GMT)?)?(?!\d)/i;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:T?(\d{2})(\d{2})(\d{2})?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const YMD_SLASH =
  /(?<!\d)(\d{4})[/.](\d{1,2})[/.](\d{1,2})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?)?(?!\d)/i;
const CJK = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/;
const DMY_DOT = /(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?!\d)/;
const NUMERIC_SLASH = /(?<![\d/])(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?!\d)/;
const TEXT_MDY = /(?<!\p{L})(\p{L}{3,10}\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)/iu;
/** "1 May 2023", "1st of May, 2023", "12. März 2020", "5 de mayo de 2020". */
const TEXT_DMY =
  /(?<!\d)(\d{1,2})(?:st|nd|rd|th|er)?\.?\s+(?:of\s+|de\s+)?(\p{L}{3,10}\.?),?\s+(?:de\s+)?(\d{4})(?!\d)/iu;
const TIME_AFTER =
  /^,?\s+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?\s*(Z|UTC?|GMT|[+-]\d{2}:?\d{2}|[ECMP][SD]T|CES?T|BST)?(?![a-z])/i;

/** Parses a textual date ("May 1, 2023", "Mon, 01 May 2023 10:00:00 +0000"). */
function parseTextual(value: string): { index: number; parts: Parts } | undefined {
  const mdy = TEXT_MDY.exec(value);
  const dmy = TEXT_DMY.exec(value);
  const candidates: { index: number; end: number; parts: Parts }[] = [];
  if (mdy) {
    const month = monthOf(mdy[1]);
    if (month) {
      candidates.push({
        index: mdy.index,
        end: mdy.index + mdy[0].length,
        parts: { year: Number(mdy[3]), month, day: Number(mdy[2]) },
      });
    }
  }
  if (dmy) {
    const month = monthOf(dmy[2]);
    if (month) {
      candidates.push({
        index: dmy.index,
        end: dmy.index + dmy[0].length,
        parts: { year: Number(dmy[3]), month, day: Number(dmy[1]) },
      });
    }
  }
  if (candidates.length === 0) return undefined;
  candidates.sort((a, b) => a.index - b.index);
  const { parts, end, index } = candidates[0];
  // A time counts only with a zone (RFC 2822 and friends): a bare local time is not an instant.
  const time = TIME_AFTER.exec(value.slice(end, end + 40));
  if (time?.[5]) {
    let hour = Number(time[1]);
    const meridiem = time[4]?.toLowerCase().replace(/\./g, '');
    if (meridiem === 'pm' && hour < 12) hour += 12;
    if (meridiem === 'am' && hour === 12) hour = 0;
    const timed = { ...parts, hour, minute: Number(time[2]), second: time[3] ? Number(time[3]) : 0 };
    return { index, parts: withZone(timed, time[5]) };
  }
  return { index, parts };
}

function parseUnix(value: string, now: number): string | undefined {
  const seconds = Number(value);
  if (!Number.isFinite(seconds)) return undefined;
  const ms = value.replace(/\..*$/, '').length >= 12 ? seconds : seconds * 1000;
  const date = new Date(Math.floor(ms));
  if (Number.isNaN(date.getTime())) return undefined;
  return format(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
      offset: 0,
      utc: true,
    },
    now,
  );
}

/** Year-month-day (and optional time and zone) from an ISO-like match. */
function numericParts(match: RegExpExecArray): Parts {
  const parts: Parts = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
  };
  if (match[4] !== undefined && match[5] !== undefined) {
    parts.hour = Number(match[4]);
    parts.minute = Number(match[5]);
    parts.second = match[6] !== undefined ? Number(match[6]) : 0;
    return withZone(parts, match[7]);
  }
  return parts;
}

/**
 * Parses a date written in any of the accepted formats and returns it as ISO
 * 8601, or undefined when the value holds no plausible date.
 * @param now the current time in ms (for the "not in the future" check).
 */
export function parseDate(value: unknown, now: number = Date.now()): string | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) ? parseUnix(String(Math.trunc(value)), now) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().slice(0, MAX_INPUT);
  if (text.length < 4) return undefined;

  if (/^\d{9,13}(?:\.\d+)?$/.test(text)) return parseUnix(text, now);

  const compact = COMPACT.exec(text);
  if (compact) {
    const parts: Parts = { year: Number(compact[1]), month: Number(compact[2]), day: Number(compact[3]) };
    if (compact[4] !== undefined) {
      parts.hour = Number(compact[4]);
      parts.minute = Number(compact[5]);
      parts.second = compact[6] !== undefined ? Number(compact[6]) : 0;
      return format(withZone(parts, compact[7]), now);
    }
    return format(parts, now);
  }

  // Numeric formats, the earliest in the text first.
  const found: { index: number; parse: () => Parts | undefined }[] = [];
  const iso = ISO.exec(text);
  if (iso) found.push({ index: iso.index, parse: () => numericParts(iso) });
  const slash = YMD_SLASH.exec(text);
  if (slash) found.push({ index: slash.index, parse: () => numericParts(slash) });
  const cjk = CJK.exec(text);
  if (cjk) found.push({ index: cjk.index, parse: () => ({ year: +cjk[1], month: +cjk[2], day: +cjk[3] }) });
  const dot = DMY_DOT.exec(text);
  if (dot) found.push({ index: dot.index, parse: () => ({ year: +dot[3], month: +dot[2], day: +dot[1] }) });
  const numeric = NUMERIC_SLASH.exec(text);
  if (numeric) {
    found.push({
      index: numeric.index,
      parse: () => {
        const a = Number(numeric[1]);
        const b = Number(numeric[2]);
        const year = Number(numeric[3]);
        if (a > 12 && b <= 12) return { year, month: b, day: a };
        if (b > 12 && a <= 12) return { year, month: a, day: b };
        if (a === b) return { year, month: a, day: b };
        return undefined; // 05/06/2023: May 6 or 5 June? Unknowable.
      },
    });
  }
  const textual = parseTextual(text);
  if (textual) found.push({ index: textual.index, parse: () => textual.parts });
  found.sort((a, b) => a.index - b.index);
  for (const candidate of found) {
    const parts = candidate.parse();
    const formatted = parts && format(parts, now);
    if (formatted) return formatted;
  }
  return undefined;
}

/**
 * The instant (ms since the epoch) of an ISO string produced by `parseDate`;
 * dates and floating times are read as UTC. NaN when unparseable.
 */
export function dateInstant(iso: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return Date.parse(`${iso}T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(iso)) return Date.parse(`${iso}Z`);
  return Date.parse(iso);
}
