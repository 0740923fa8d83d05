import { useMemo } from "react";
import DOMPurify from "dompurify";
import { Typography } from "@mantine/core";

/**
 * An article's body. The server stored it sanitised; it is sanitised here again (DOMPurify) before
 * it becomes markup, so no script can run from an article even if a stored body were altered.
 */
export function ArticleBody({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form", "input", "button"] }), [html]);
  return (
    <Typography>
      <div className="news-article-body" dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
