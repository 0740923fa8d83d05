/** Reference lists of the candidate form (spec §3, §5, §9). */

/** US time zones offered; Eastern (id 23, America/New_York) is the default. */
export const TIME_ZONES = [
  { id: 23, name: "America/New_York", displayAs: "Eastern Time" },
  { id: 22, name: "America/Chicago", displayAs: "Central Time" },
  { id: 21, name: "America/Denver", displayAs: "Mountain Time" },
  { id: 20, name: "America/Los_Angeles", displayAs: "Pacific Time" },
] as const;
export type TimeZoneOption = (typeof TIME_ZONES)[number];
export const DEFAULT_TIME_ZONE_ID = 23;

export function timeZoneById(id: number | null | undefined): TimeZoneOption {
  return TIME_ZONES.find((z) => z.id === id) ?? TIME_ZONES[0];
}

/** The 50 US states plus DC, by postal code. */
export const US_REGIONS = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
  ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"],
  ["FL", "Florida"], ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"],
  ["IN", "Indiana"], ["IA", "Iowa"], ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"],
  ["ME", "Maine"], ["MD", "Maryland"], ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"],
  ["MS", "Mississippi"], ["MO", "Missouri"], ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"],
  ["NH", "New Hampshire"], ["NJ", "New Jersey"], ["NM", "New Mexico"], ["NY", "New York"],
  ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"], ["OK", "Oklahoma"], ["OR", "Oregon"],
  ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"], ["SD", "South Dakota"],
  ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"], ["VA", "Virginia"],
  ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
].map(([id, name]) => ({ id: id!, name: name! }));

/** Preferred languages of a candidate (spec §5): English, Chinese (Simplified), Chinese (Traditional). */
export const CANDIDATE_LANGUAGES = [
  { id: 140, code: "en", name: "English" },
  { id: 104, code: "zh-Hans", name: "Chinese (Simplified)" },
  { id: 106, code: "zh-Hant", name: "Chinese (Traditional)" },
] as const;

/** Longest value of any candidate text field (spec §5). */
export const CANDIDATE_TEXT_MAX = 125;
