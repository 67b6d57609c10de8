/**
 * One part of an announcement's body under its own heading: a table of facts (label, value), numbered steps, points
 * in a list, or the fee schedule (its three column headings; the rows come from gateway/fees/vip-levels.ts).
 */
export type AnnouncementSection =
  | { heading: string; facts: readonly (readonly [string, string])[] }
  | { heading: string; steps: readonly string[] }
  | { heading: string; points: readonly string[] }
  | { heading: string; feeColumns: readonly [string, string, string] };

/**
 * One seeded announcement's words in one language. The title is shown above the body, never inside it; `{name}` in
 * any other text is a time or figure of the announcement (announcement-seeds.ts), so every language names the same
 * ones, formatted for the reader.
 */
export interface AnnouncementText {
  title: string;
  lead: string;
  sections: readonly AnnouncementSection[];
  /** The text of the one link at the end, to the page of this site the announcement is about. */
  action: string;
}
