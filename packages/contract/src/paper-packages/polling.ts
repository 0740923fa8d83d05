/**
 * How the created package page waits for the package's PDF (client-administration.md §4, §9:
 * "60 attempts, then 6; delay step 5"). The unit is the second (docs/api.md, Paper packages):
 * the first 60 checks are 5 s apart (five minutes), then 6 further checks wait 10, 15, … 35 s
 * (each 5 s longer than the one before), about 2 more minutes. After the last one the page shows
 * the failure with the package key and a support link.
 */
export const PAPER_POLL_FIRST_ATTEMPTS = 60;
export const PAPER_POLL_FURTHER_ATTEMPTS = 6;
export const PAPER_POLL_DELAY_STEP_SECONDS = 5;

/** The wait in milliseconds before check number `attempt` (0-based; the first check is at once), or null after the last. */
export function paperPollDelayMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 0) return null;
  if (attempt === 0) return 0;
  if (attempt < PAPER_POLL_FIRST_ATTEMPTS) return PAPER_POLL_DELAY_STEP_SECONDS * 1000;
  const further = attempt - PAPER_POLL_FIRST_ATTEMPTS + 1;
  if (further > PAPER_POLL_FURTHER_ATTEMPTS) return null;
  return PAPER_POLL_DELAY_STEP_SECONDS * (further + 1) * 1000;
}

/** Every check there is: 66. */
export const PAPER_POLL_ATTEMPTS = PAPER_POLL_FIRST_ATTEMPTS + PAPER_POLL_FURTHER_ATTEMPTS;
