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
import { RememberedAnswers } from './text.js';
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
 * Month names and abbreviations of the languages the datasets are in (de, fr, es, it, nl, pt, pl,
 * fi, sv/no/da, hu, cs, ru, tr; English is matched by prefix below), in the forms dates use
 * (Polish, Czech, Russian and Finnish write the month in the genitive or partitive: "1 maja",
 * "1. května", "1 мая", "1. toukokuuta").
 */
const LOCAL_MONTHS: ReadonlyMap<string, number> = (() => {
  const names: string[][] = [
    [
      'januar',
      'jänner',
      'jän',
      'janvier',
      'janv',
      'enero',
      'ene',
      'gennaio',
      'gen',
      'januari',
      'janeiro',
      'stycznia',
      'styczeń',
      'sty',
      'tammikuuta',
      'tammikuu',
      'tammi',
      'január',
      'ledna',
      'leden',
      'января',
      'январь',
      'янв',
      'ocak',
    ],
    [
      'februar',
      'feber',
      'février',
      'févr',
      'fév',
      'febrero',
      'febbraio',
      'februari',
      'fevereiro',
      'fev',
      'lutego',
      'luty',
      'lut',
      'helmikuuta',
      'helmikuu',
      'helmi',
      'február',
      'febr',
      'února',
      'únor',
      'февраля',
      'февраль',
      'фев',
      'şubat',
    ],
    [
      'märz',
      'maerz',
      'mär',
      'mars',
      'marzo',
      'maart',
      'março',
      'mrt',
      'marca',
      'marzec',
      'maaliskuuta',
      'maaliskuu',
      'maalis',
      'március',
      'márc',
      'března',
      'březen',
      'марта',
      'март',
      'мар',
      'marts',
      'mart',
    ],
    [
      'avril',
      'avr',
      'abril',
      'abr',
      'aprile',
      'kwietnia',
      'kwiecień',
      'kwi',
      'huhtikuuta',
      'huhtikuu',
      'huhti',
      'április',
      'ápr',
      'dubna',
      'duben',
      'апреля',
      'апрель',
      'апр',
      'nisan',
    ],
    [
      'mai',
      'mayo',
      'maggio',
      'mag',
      'mei',
      'maio',
      'maja',
      'maj',
      'toukokuuta',
      'toukokuu',
      'touko',
      'május',
      'máj',
      'května',
      'květen',
      'мая',
      'май',
      'mayıs',
    ],
    [
      'juni',
      'juin',
      'junio',
      'giugno',
      'giu',
      'junho',
      'czerwca',
      'czerwiec',
      'cze',
      'kesäkuuta',
      'kesäkuu',
      'kesä',
      'június',
      'jún',
      'června',
      'červen',
      'июня',
      'июнь',
      'июн',
      'haziran',
    ],
    [
      'juli',
      'juillet',
      'juil',
      'julio',
      'luglio',
      'lug',
      'julho',
      'lipca',
      'lipiec',
      'lip',
      'heinäkuuta',
      'heinäkuu',
      'heinä',
      'július',
      'júl',
      'července',
      'červenec',
      'июля',
      'июль',
      'июл',
      'temmuz',
    ],
    [
      'août',
      'aout',
      'agosto',
      'ago',
      'augustus',
      'sierpnia',
      'sierpień',
      'sie',
      'elokuuta',
      'elokuu',
      'elo',
      'augusti',
      'augusztus',
      'srpna',
      'srpen',
      'августа',
      'август',
      'авг',
      'ağustos',
    ],
    [
      'septembre',
      'septiembre',
      'setiembre',
      'settembre',
      'set',
      'setembro',
      'września',
      'wrzesień',
      'wrz',
      'syyskuuta',
      'syyskuu',
      'syys',
      'szeptember',
      'szept',
      'září',
      'сентября',
      'сентябрь',
      'сен',
      'сент',
      'eylül',
    ],
    [
      'oktober',
      'okt',
      'octobre',
      'octubre',
      'ottobre',
      'ott',
      'outubro',
      'października',
      'październik',
      'paź',
      'lokakuuta',
      'lokakuu',
      'loka',
      'október',
      'října',
      'říjen',
      'октября',
      'октябрь',
      'окт',
      'ekim',
    ],
    [
      'novembre',
      'noviembre',
      'novembro',
      'listopada',
      'listopad',
      'lis',
      'marraskuuta',
      'marraskuu',
      'marras',
      'listopadu',
      'ноября',
      'ноябрь',
      'ноя',
      'kasım',
    ],
    [
      'dezember',
      'dez',
      'décembre',
      'déc',
      'diciembre',
      'dic',
      'dicembre',
      'dezembro',
      'grudnia',
      'grudzień',
      'gru',
      'joulukuuta',
      'joulukuu',
      'joulu',
      'desember',
      'des',
      'prosince',
      'prosinec',
      'декабря',
      'декабрь',
      'дек',
      'aralık',
    ],
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

const FOUR_DIGITS = /\d{4}/;
const ISO =
  /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?|UTC|GMT)?)?(?!\d)/i;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:T?(\d{2})(\d{2})(\d{2})?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const YMD_SLASH =
  /(?<!\d)(\d{4})[/.](\d{1,2})[/.](\d{1,2})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?)?(?!\d)/i;
/** Chinese and Japanese (年月日), Korean (년월일). */
const CJK = /(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]/;
const DMY_DOT = /(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?!\d)/;
const NUMERIC_SLASH = /(?<![\d/])(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?!\d)/;
const TEXT_MDY = /(?<!\p{L})(\p{L}{3,12}\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)/iu;
/**
 * "1 May 2023", "1st of May, 2023", "12. März 2020", "5 de mayo de 2020", "1 мая 2023",
 * "04-ago-2021" (a day, a month name and a year between dashes).
 */
const TEXT_DMY =
  /(?<!\d)(\d{1,2})(?:st|nd|rd|th|er)?\.?(?:\s+(?:of\s+|de\s+)?|-)(\p{L}{3,12}\.?)(?:,?\s+(?:de\s+)?|-)(\d{4})(?!\d)/iu;
/** "2023. május 1." (Hungarian), "2023 May 1": the year first. */
const TEXT_YMD = /(?<!\d)(\d{4})\.?\s+(\p{L}{3,12}\.?)\s+(\d{1,2})\.?(?!\d)/u;
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
  const ymd = TEXT_YMD.exec(value);
  if (ymd) {
    const month = monthOf(ymd[2]);
    if (month) {
      candidates.push({
        index: ymd.index,
        end: ymd.index + ymd[0].length,
        parts: { year: Number(ymd[1]), month, day: Number(ymd[3]) },
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

/** The order of a numeric date's day and month when both could be either (`05/06/2023`). */
export type NumericOrder = 'dmy' | 'mdy';

/**
 * Parses a date written in any of the accepted formats and returns it as ISO
 * 8601, or undefined when the value holds no plausible date.
 * @param now the current time in ms (for the "not in the future" check).
 * @param order how to read a numeric date whose day and month could be either (the page's
 *   language tells: `numericOrder`); without it such a date is not read.
 */
export function parseDate(
  value: unknown,
  now: number = Date.now(),
  order?: NumericOrder,
): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_REMEMBERED_DATE) return parsedDate(value, now, order);
  if (now !== parsedNow) {
    PARSED_DATES.clear();
    parsedNow = now;
  }
  const known = PARSED_DATES.get(value, () => {
    readOrder = false;
    const iso = parsedDate(value, now, order);
    return { iso, order, readsOrder: readOrder };
  });
  // Parsed in another order, a value whose day and month could be either is parsed again (and not
  // remembered: such values are few).
  return known.readsOrder && known.order !== order ? parsedDate(value, now, order) : known.iso;
}

/**
 * The last dates parsed at the time `parsedNow`, by value, with the order they were read in when it
 * mattered: a page's rules (no order) and its candidates (the language's) parse the same few values
 * several times each, at one time (`parseDate` is a pure function of the three, and of the first
 * two unless the value is a numeric date of either order). Keyed by the value alone, a page's
 * strings are hashed once (a key joined with the time was a new string to hash at every call).
 */
const PARSED_DATES = new RememberedAnswers<{
  iso: string | undefined;
  order: NumericOrder | undefined;
  readsOrder: boolean;
}>(256);
let parsedNow = Number.NaN;
/** Set when a parse reads its `order` (a numeric date whose day and month could be either). */
let readOrder = false;
/** Longer values are parsed each time (a key would copy them). */
const MAX_REMEMBERED_DATE = 200;

function parsedDate(value: unknown, now: number, order: NumericOrder | undefined): string | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) ? parseUnix(String(Math.trunc(value)), now) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().slice(0, MAX_INPUT);
  // Every format below holds a year of four digits (or a timestamp of nine or more): a byline's text
  // without one is not tried against each.
  if (text.length < 4 || !FOUR_DIGITS.test(text)) return undefined;

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
        readOrder = true;
        if (order === 'dmy') return { year, month: b, day: a };
        if (order === 'mdy') return { year, month: a, day: b };
        return undefined; // 05/06/2023: May 6 or 5 June? Unknowable without the page's language.
      },
    });
  }
  found.sort((a, b) => a.index - b.index);
  // A numeric date that opens the text and reads is the answer: a textual one would sort after it.
  if (found.length > 0 && found[0].index === 0) {
    const parts = found[0].parse();
    const formatted = parts && format(parts, now);
    if (formatted) return formatted;
  }
  const textual = parseTextual(text);
  if (textual) {
    found.push({ index: textual.index, parse: () => textual.parts });
    found.sort((a, b) => a.index - b.index);
  }
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

/**
 * How a page in this language (a BCP 47 tag) writes a numeric date: month first in American
 * English (and the Philippines'), day first in every other language and English of elsewhere;
 * undefined for English without a region (both are common).
 */
export function numericOrder(language: string | undefined): NumericOrder | undefined {
  if (language === undefined) return undefined;
  const lower = language.toLowerCase();
  if (lower === 'en-us' || lower === 'en-ph' || lower.startsWith('fil')) return 'mdy';
  if (lower === 'en') return undefined;
  return 'dmy';
}

// ── relative dates ───────────────────────────────────────────────────────────

const HOUR_MS = 3_600_000;

/** Units of a relative date, in hours: minutes and hours count as less than a day. */
const RELATIVE_UNITS: readonly [RegExp, number][] = [
  [
    /^(?:min|mins|minutes?|minuten?|minutos?|minut[aoiy]?|minuut|minuter|minutter|minuutti[a]?|минут[уы]?)$/i,
    1 / 60,
  ],
  [
    /^(?:h|hrs?|hours?|stunden?|heures?|horas?|or[ae]|uur|godzin[ay]?|godzinę|timm(?:e|ar)|timer?|tuntia?|час(?:а|ов)?|hodin[uy]?)$/i,
    1,
  ],
  [
    /^(?:days?|tag(?:e|en)?|jours?|días?|dias?|giorn[oi]|dag(?:ar|en|e)?|dni|dzień|päivää?|д(?:ень|ня|ней)|dn[yí]|dnem)$/i,
    24,
  ],
  [
    /^(?:weeks?|wochen?|semaines?|semanas?|settiman[ae]|we(?:ek|ken)|tygodni[e]?|tydzień|veck(?:a|or)|uke[r]?|uge[r]?|viikkoa?|недел[юиь]|týdn[yů]|týden)$/i,
    24 * 7,
  ],
];

/** Words for one ("an hour ago", "vor einer Stunde", "il y a une heure"). */
const ONE = /^(?:an?|one|eine[rmn]?|une?|una?|uma?|een|en|ett|jeden|jedną)$/i;

/** "3 hours ago", "vor 3 Stunden", "il y a 3 heures", "hace 3 horas", "3 ore fa", "há 3 horas", "3 dagen geleden", "3 dni temu", "3 timmar sedan", "3 часа назад", "3 päivää sitten", "před 3 dny". */
const RELATIVE = [
  /(?:^|\s)(\d{1,3}|\p{L}{1,6})\s+(\p{L}{1,10})\s+(?:ago|fa|geleden|temu|sedan|siden|назад|sitten)(?![\p{L}])/iu,
  /(?:^|\s)(?:vor|il y a|hace|há|há cerca de|před)\s+(\d{1,3}|\p{L}{1,6})\s+(\p{L}{1,10})(?![\p{L}])/iu,
];
/**
 * Yesterday and today, in the same languages: the whole text, with a time after it at most
 * ("Yesterday at 5:40 PM", "gestern, 14:30"; not "Today's deals"). French "hier" only on a French
 * page: it is German for "here" ("Klicken Sie hier").
 */
const AT_TIME = String.raw`(?:[\s,]+(?:at|um|à|a las|alle|om|às|kl\.?|o|в)?\s*\d{1,2}[:.h]\d{2}(?:\s*[ap]\.?m\.?)?)?\s*$`;
const YESTERDAY = new RegExp(
  String.raw`^\s*(?:yesterday|gestern|ayer|ieri|gisteren|ontem|igår|i går|wczoraj|вчера|eilen|včera)${AT_TIME}`,
  'iu',
);
const YESTERDAY_FR = new RegExp(String.raw`^\s*hier${AT_TIME}`, 'iu');
const TODAY = new RegExp(
  String.raw`^\s*(?:today|just now|heute|aujourd'hui|hoy|oggi|vandaag|hoje|idag|i dag|dzisiaj|dziś|сегодня|tänään|dnes)${AT_TIME}`,
  'iu',
);

/** A cue for a relative date in a text (the page scan looks for them in short texts). */
const RELATIVE_DATE_WORDS =
  'ago|vor|il y a|hace|há|fa|geleden|temu|sedan|siden|sitten|před|yesterday|gestern|hier|ayer|ieri|gisteren|ontem|igår|wczoraj|eilen|včera|today|heute|hoy|oggi|vandaag|hoje|idag|dzisiaj|tänään|dnes|назад|вчера|сегодня';
/** A cue for a relative date in a text (the page scan looks for them in short texts). */
export const RELATIVE_DATE_CUE = new RegExp(`(?<![\\p{L}])(?:${RELATIVE_DATE_WORDS})(?![\\p{L}])`, 'iu');
/**
 * One of {@link RELATIVE_DATE_CUE}'s words anywhere, letters around it or not: a fast first test
 * before it (its Unicode look-behind, tried at every position, made it the costliest regular
 * expression of the metadata; one visible text in 40 passes this one). Without the `u` flag a
 * text that case-folds into a cue only by Unicode's folding (the long s, the Kelvin sign) is
 * missed: no language writes dates so.
 */
export const MAYBE_RELATIVE_DATE = new RegExp(RELATIVE_DATE_WORDS, 'i');

/** Hours of one part of a span ("14 hours", "a day"), or undefined when it is not one. */
function spanHours(countText: string, unitText: string): number | undefined {
  const count = /^\d+$/.test(countText) ? Number(countText) : ONE.test(countText) ? 1 : undefined;
  const unit = RELATIVE_UNITS.find(([words]) => words.test(unitText));
  return count === undefined || unit === undefined ? undefined : count * unit[1];
}

/** A part of a span at the end of a text, with the comma or "and" after it. */
const SPAN_PART_AT_END =
  /(?:^|\s)(\d{1,3}|\p{L}{1,6})\s+(\p{L}{1,10})\s*(?:,|\band\b|\bund\b|\bet\b|\by\b|\be\b|\ben\b|\bi\b|\boch\b|\bog\b|\bja\b)\s*$/iu;

/** Hours of the parts of a span written before its last part (at most three: "1 day, 14 hours"). */
function earlierParts(before: string): number {
  let hours = 0;
  let text = before;
  for (let part = 0; part < 3; part++) {
    const match = SPAN_PART_AT_END.exec(text);
    const value = match ? spanHours(match[1], match[2]) : undefined;
    if (match === null || value === undefined) break;
    hours += value;
    text = text.slice(0, match.index);
  }
  return hours;
}

/**
 * A relative date ("3 hours ago", "vor 2 Tagen", "hier" on a French page, "2 dni temu"), resolved
 * against `reference` (an ISO date the page gives; its time when it has one): the day it names, or
 * undefined when the text holds none or names a span of a month or more (no day can be told).
 */
export function parseRelativeDate(
  text: string,
  reference: string,
  now: number = Date.now(),
  language?: string,
): string | undefined {
  const value = text.trim().slice(0, MAX_INPUT);
  const base = dateInstant(reference);
  if (!Number.isFinite(base) || value.length === 0) return undefined;
  let hours: number | undefined;
  for (const pattern of RELATIVE) {
    const match = pattern.exec(value);
    if (!match) continue;
    const last = spanHours(match[1], match[2]);
    if (last !== undefined) {
      // "1 day, 14 hours ago": the parts before the last one count too.
      hours = last + (pattern === RELATIVE[0] ? earlierParts(value.slice(0, match.index)) : 0);
      break;
    }
  }
  if (hours === undefined) {
    if (YESTERDAY.test(value) || (language?.startsWith('fr') === true && YESTERDAY_FR.test(value)))
      hours = 24;
    else if (TODAY.test(value)) hours = 0;
    else return undefined;
  }
  // Against a day without a time, a span under a day names that day: only whole days move it.
  const span = reference.length <= 10 ? Math.floor(hours / 24) * 24 : hours;
  const instant = new Date(base - span * HOUR_MS);
  return format(
    { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() },
    now,
  );
}
