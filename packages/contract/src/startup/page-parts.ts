/**
 * Parts of a screen that a page's answers may say it shows at once (startup/page-plan.ts): the
 * server names their files in the page too; the web build lists each part's files
 * (packages/web/vite-plugins/first-screens.ts, which reads this file as it is: it imports nothing).
 */
export const PAGE_PARTS = { testInProgress: "test-in-progress" } as const;
export type PagePart = (typeof PAGE_PARTS)[keyof typeof PAGE_PARTS];
