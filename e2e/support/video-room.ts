import { expect } from "vitest";
import pg from "pg";
import type { Page } from "playwright-core";
import { assignTestNamed, newBostonCandidate, type Api } from "./api-session";

/** Chromium's fake camera and microphone stand in for real ones (launch arguments). */
export const FAKE_MEDIA_ARGS = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required"];

/** The room's status line: "Room: … Camera: …". */
export const roomStatus = (page: Page) => page.getByRole("status").filter({ hasText: "Room:" });

/** The stream labelled `label` plays: it has a picture and its time moves on. */
export async function expectPlaying(page: Page, label: string): Promise<void> {
  const video = page.getByLabel(label, { exact: true });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(first + 0.5);
}

/**
 * A new Boston candidate with the Mandarin video test booked now with evaluator.zh. The appointment
 * is set in the database: scheduling's own rules book live tests a business day ahead at the earliest.
 */
export async function videoTestBookedNow(admin: Api, databaseUrl: string): Promise<{ id: number; accessCode: string }> {
  const candidateId = await newBostonCandidate(admin, "Vida", `Video${Date.now() % 100000}`);
  const { assigned } = await assignTestNamed(admin, candidateId, "Mandarin Listening and Speaking (Video)");
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rowCount } = await db.query(
      "UPDATE assigned_tests SET scheduled_at = now(), state = 'takeable', evaluator_confirmation = 'unconfirmed', scheduled_evaluator_user_id = (SELECT id FROM users WHERE email = 'evaluator.zh@parlance.example') WHERE id = $1",
      [assigned[0].id],
    );
    expect(rowCount).toBe(1);
  } finally {
    await db.end();
  }
  return assigned[0];
}
