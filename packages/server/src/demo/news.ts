import { newsArticles } from "../db/schema.js";
import type { Tx } from "../db/tx.js";
import { sanitizeArticleHtml } from "../news/sanitize.js";
import { STATUS } from "../news/records.js";

const DAY_MS = 24 * 60 * 60_000;

/**
 * The demo world's news (evaluators-results-account.md §2 /news): four published articles (the
 * overview shows the newest three), a draft and an archived one, written by the News Manager.
 * Dated relative to the day the world is made. Images are the web app's own (web/public/news).
 */
export async function seedDemoNews(tx: Tx, authorUserId: number, now = new Date()): Promise<void> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const articles = [
    {
      title: "Mandarin and Cantonese listening tests now scored within two business days",
      slug: "faster-chinese-scoring",
      summary:
        "Two more Mandarin evaluators joined the team this month, so listening and speaking tests in Mandarin and Cantonese are now scored within two business days of being received.",
      content:
        "<p>Two more Mandarin evaluators joined our scoring team this month. Listening and speaking tests in <strong>Mandarin</strong> and <strong>Cantonese</strong> are now scored within two business days of being received.</p><h2>What changes for you</h2><ul><li>Results arrive by email as soon as they are recorded.</li><li>The test history shows the score and the certificate the same day.</li></ul><p>Questions? Write to the testing operations team from the <a href=\"/contact\">contact page</a>.</p>",
      tags: ["Testing", "Mandarin", "Scoring"],
      image: "/news/mandarin-testing.svg",
      status: STATUS.published,
      publishedAt: at(2),
      featured: true,
    },
    {
      title: "Candidates can now book their own live test times",
      slug: "candidate-self-scheduling",
      summary: "Accounts that allow it let candidates choose the time of their live and video tests from the evaluators' open slots.",
      content:
        "<p>Accounts that turn on candidate scheduling now let candidates choose the time of their live and video tests themselves. The candidate sees only the slots an evaluator is free for, from the next business day on.</p><p>Administrators can turn the option on in the account settings.</p>",
      tags: ["Scheduling", "Candidates"],
      image: "/news/scheduling.svg",
      status: STATUS.published,
      publishedAt: at(9),
      featured: false,
    },
    {
      title: "Holiday hours for the testing operations desk",
      slug: "holiday-hours",
      summary: "The desk is closed on public holidays; online tests remain available around the clock.",
      content: "<p>The testing operations desk is closed on US public holidays. Online and phone tests remain available around the clock, and live tests are not booked on those days.</p>",
      tags: ["Operations"],
      image: "",
      status: STATUS.published,
      publishedAt: at(21),
      featured: false,
    },
    {
      title: "New scale table: ALTA levels beside CEFR, ILR and ACTFL",
      slug: "scale-table",
      summary: "The testing scales page now maps every ALTA level, 1 to 12+, to CEFR, ILR and ACTFL.",
      content: "<p>The <a href=\"/testing/scales\">testing scales</a> page maps every ALTA level, from 1 to 12+, to the CEFR, ILR and ACTFL scales.</p>",
      tags: ["Testing", "Scales"],
      image: "",
      status: STATUS.published,
      publishedAt: at(40),
      featured: false,
    },
    {
      title: "Interpretation requests online (draft)",
      slug: "interpretation-requests-online",
      summary: "Request face-to-face, phone, video or remote simultaneous interpretation from the portal.",
      content: "<p>Soon you can request face-to-face, over-the-phone, video remote and remote simultaneous interpretation from the portal.</p>",
      tags: ["Interpretation"],
      image: "",
      status: STATUS.draft,
      publishedAt: null,
      featured: false,
    },
    {
      title: "Paper tests: new package format",
      slug: "paper-package-format",
      summary: "Paper test packages are now one PDF per group.",
      content: "<p>Paper test packages are now one PDF per group, with the proctor's instructions first.</p>",
      tags: ["Paper tests"],
      image: "",
      status: STATUS.archived,
      publishedAt: at(120),
      featured: false,
    },
  ];
  await tx.insert(newsArticles).values(
    articles.map((a) => ({
      title: a.title,
      slug: a.slug,
      summary: a.summary,
      content: sanitizeArticleHtml(a.content),
      featuredImageUrl: a.image,
      status: a.status,
      isFeatured: a.featured,
      tags: a.tags,
      authorUserId,
      lastUpdatedByUserId: authorUserId,
      publishedAt: a.publishedAt,
      createdAt: a.publishedAt ?? at(1),
      updatedAt: a.publishedAt ?? at(1),
    })),
  );
}
