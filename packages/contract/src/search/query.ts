/**
 * The advanced search language of candidates and test history (client spec §5):
 * `keyword:value` pairs and free terms, values with spaces in double quotes, for example
 * `smith office:Boston test:"Spanish Reading" expired:no sort:-date`.
 *
 * - Free terms (no keyword) match a candidate's name, email or employee id.
 * - Text keywords match case-insensitively (names, ids and emails by prefix; notes and test by
 *   containing the value).
 * - Date keywords take a day `2026-03-01`, a bound `>=2026-03-01` / `<2026-04-01`, or a range
 *   `2026-03-01..2026-03-31` (inclusive days). start_date and end_date bound the test date.
 * - expired and adjustments take yes or no (expired also all, which is no filter).
 * - sort takes a field, with a leading minus for descending.
 * Every term must hold (AND). Parsing is shared by the server (which answers 400 with the
 * message) and the screens (which show the same message before sending).
 */

export const TEXT_KEYWORDS = [
  "name",
  "first",
  "last",
  "middle",
  "id",
  "office",
  "health_care_role",
  "email",
  "notes",
  "test",
  "method",
  "language",
  "type",
] as const;
export const DATE_KEYWORDS = ["start_date", "end_date", "created", "updated", "assigned"] as const;
export const FLAG_KEYWORDS = ["expired", "adjustments"] as const;
export const SORT_FIELDS = ["name", "id", "office", "email", "test", "method", "date", "health_care_role"] as const;

/** Every keyword of spec §5, in its order. */
export const SEARCH_KEYWORDS = [
  "name",
  "id",
  "office",
  "health_care_role",
  "email",
  "notes",
  "test",
  "method",
  "language",
  "type",
  "start_date",
  "end_date",
  "expired",
  "assigned",
  "sort",
  "created",
  "updated",
  "adjustments",
  "first",
  "last",
  "middle",
] as const;

export type TextKeyword = (typeof TEXT_KEYWORDS)[number];
export type DateKeyword = (typeof DATE_KEYWORDS)[number];
export type FlagKeyword = (typeof FLAG_KEYWORDS)[number];
export type SortField = (typeof SORT_FIELDS)[number];
export type SearchKeyword = (typeof SEARCH_KEYWORDS)[number];

export type SearchFilter =
  | { kind: "text"; keyword: TextKeyword; value: string }
  | { kind: "date"; keyword: DateKeyword; from?: string; to?: string }
  | { kind: "flag"; keyword: FlagKeyword; value: boolean };

export interface SearchQuery {
  free: string[];
  filters: SearchFilter[];
  sort: { field: SortField; descending: boolean } | null;
}

export type SearchMessage = keyof typeof searchMessages;

/**
 * A refused query: the English message, and its key and values so a screen can say it in the
 * reader's language (i18n `search.messages.<key>`).
 */
export interface SearchQueryError {
  ok: false;
  message: string;
  key: SearchMessage;
  params: Record<string, string>;
}

export type ParseResult = { ok: true; query: SearchQuery } | SearchQueryError;

/** Longest query accepted; longer input is refused rather than searched. */
export const SEARCH_QUERY_MAX = 500;
/**
 * Most terms (free words and keywords) one search may have: each term is a condition on every
 * candidate row, and a few hundred of them held the embedded database for seconds.
 */
export const SEARCH_TERMS_MAX = 10;
/** Keywords that match anywhere inside a text (not only its start): a single letter would match nearly everything. */
export const ANYWHERE_KEYWORDS = ["notes", "test"] as const;
/** The days a date keyword may name: anything else is a typing mistake, and year 0 breaks date arithmetic. */
export const SEARCH_DAY_MIN = "1900-01-01";
export const SEARCH_DAY_MAX = "2999-12-31";

export const searchMessages = {
  tooLong: "The search is too long (at most {max} characters).",
  unclosedQuote: "A quoted search term is missing its closing quote.",
  unknownKeyword: "Unknown search keyword '{keyword}'. Use one of: {keywords}.",
  emptyValue: "The search keyword '{keyword}' needs a value.",
  badDate: "'{value}' is not a date for '{keyword}'. Write a day as 2026-03-01, a bound as >=2026-03-01, or a range as 2026-03-01..2026-03-31.",
  dateOutOfRange: "'{value}' is outside the days a search can name ({min} to {max}).",
  tooManyTerms: "The search has too many terms (at most {max}).",
  tooShort: "The search keyword '{keyword}' needs at least 2 characters.",
  badFlag: "'{keyword}' takes yes or no.",
  badSort: "Sort by one of: {fields}.",
} as const;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

function refuse(key: SearchMessage, params: Record<string, string> = {}): SearchQueryError {
  return { ok: false, message: fill(searchMessages[key], params), key, params };
}

interface Token {
  keyword: string | null;
  value: string;
}

/** Splits into tokens: `word`, `"quoted words"`, `key:value`, `key:"quoted value"`. */
function tokenize(input: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  const n = input.length;
  const readValue = (): string | null => {
    if (input[i] === '"') {
      const end = input.indexOf('"', i + 1);
      if (end === -1) return null;
      const value = input.slice(i + 1, end);
      i = end + 1;
      return value;
    }
    const start = i;
    while (i < n && !/\s/.test(input[i])) i++;
    return input.slice(start, i);
  };
  while (i < n) {
    while (i < n && /\s/.test(input[i])) i++;
    if (i >= n) break;
    const keywordMatch = /^([A-Za-z_]+):/.exec(input.slice(i));
    let keyword: string | null = null;
    if (keywordMatch) {
      keyword = keywordMatch[1].toLowerCase();
      i += keywordMatch[0].length;
    }
    const value = readValue();
    if (value === null) return null;
    tokens.push({ keyword, value: value.trim() });
  }
  return tokens;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const inDayRange = (day: string) => day >= SEARCH_DAY_MIN && day <= SEARCH_DAY_MAX;

/** A day, bound or range as inclusive {from, to}; null when unreadable. */
export function parseDateValue(value: string): { from?: string; to?: string } | null {
  const range = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(value);
  if (range) {
    const [, from, to] = range;
    return isRealDay(from) && isRealDay(to) && from <= to ? { from, to } : null;
  }
  const bound = /^(>=|<=|>|<|=)?(\d{4}-\d{2}-\d{2})$/.exec(value);
  if (!bound || !isRealDay(bound[2])) return null;
  const day = bound[2];
  switch (bound[1]) {
    case ">=":
      return { from: day };
    case ">":
      return { from: addDays(day, 1) };
    case "<=":
      return { to: day };
    case "<":
      return { to: addDays(day, -1) };
    default:
      return { from: day, to: day };
  }
}

const includes = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

export function parseSearchQuery(input: string | null | undefined): ParseResult {
  const text = (input ?? "").trim();
  if (text.length > SEARCH_QUERY_MAX) return refuse("tooLong", { max: String(SEARCH_QUERY_MAX) });
  const tokens = tokenize(text);
  if (tokens === null) return refuse("unclosedQuote");
  if (tokens.length > SEARCH_TERMS_MAX) return refuse("tooManyTerms", { max: String(SEARCH_TERMS_MAX) });

  const query: SearchQuery = { free: [], filters: [], sort: null };
  for (const { keyword, value } of tokens) {
    if (keyword === null) {
      if (value) query.free.push(value);
      continue;
    }
    if (!includes(SEARCH_KEYWORDS, keyword)) {
      return refuse("unknownKeyword", { keyword, keywords: SEARCH_KEYWORDS.join(", ") });
    }
    if (!value) return refuse("emptyValue", { keyword });
    if (keyword === "sort") {
      const descending = value.startsWith("-");
      const field = (descending ? value.slice(1) : value).toLowerCase();
      if (!includes(SORT_FIELDS, field)) return refuse("badSort", { fields: SORT_FIELDS.join(", ") });
      query.sort = { field, descending };
    } else if (includes(DATE_KEYWORDS, keyword)) {
      const range = parseDateValue(value);
      if (!range) return refuse("badDate", { keyword, value });
      if ((range.from && !inDayRange(range.from)) || (range.to && !inDayRange(range.to))) {
        return refuse("dateOutOfRange", { value, min: SEARCH_DAY_MIN, max: SEARCH_DAY_MAX });
      }
      // start_date and end_date bound the test date from one side each.
      const bounded = keyword === "start_date" ? { from: range.from ?? range.to } : keyword === "end_date" ? { to: range.to ?? range.from } : range;
      query.filters.push({ kind: "date", keyword, ...bounded });
    } else if (includes(FLAG_KEYWORDS, keyword)) {
      const v = value.toLowerCase();
      if (keyword === "expired" && v === "all") continue;
      if (v !== "yes" && v !== "no") return refuse("badFlag", { keyword });
      query.filters.push({ kind: "flag", keyword, value: v === "yes" });
    } else if (includes(TEXT_KEYWORDS, keyword)) {
      if (includes(ANYWHERE_KEYWORDS, keyword) && [...value].length < 2) return refuse("tooShort", { keyword });
      query.filters.push({ kind: "text", keyword, value });
    }
  }
  return { ok: true, query };
}

/** Quotes a value when it holds spaces or quotes (quotes inside are dropped: they cannot be escaped). */
export function quoteSearchValue(value: string): string {
  const clean = value.replace(/"/g, "").trim();
  return /\s/.test(clean) || clean === "" ? `"${clean}"` : clean;
}

/**
 * Builds a query string from form fields (basic search, sort and expiration filter), so the
 * screens and the downloads always speak the same language as the search box.
 */
export function formatSearchQuery(parts: {
  text?: string;
  terms?: Partial<Record<Exclude<SearchKeyword, "sort">, string>>;
  sort?: { field: SortField; descending?: boolean } | null;
}): string {
  const out: string[] = [];
  if (parts.text?.trim()) out.push(parts.text.trim());
  for (const [keyword, value] of Object.entries(parts.terms ?? {})) {
    if (value === undefined || value.trim() === "") continue;
    if (keyword === "expired" && value === "all") continue;
    out.push(`${keyword}:${quoteSearchValue(value)}`);
  }
  if (parts.sort) out.push(`sort:${parts.sort.descending ? "-" : ""}${parts.sort.field}`);
  return out.join(" ");
}
