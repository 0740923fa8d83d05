import { Alert, Blockquote, Image, Stack } from "@mantine/core";
import { useParams } from "react-router";
import { useTranslation } from "../../i18n";
import { ApiCallError } from "../../api/client";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { RemoteData } from "../../ui/RemoteData";
import { ArticleBody } from "./ArticleBody";
import { ArticleMeta } from "./ArticleMeta";
import classes from "./ArticlePage.module.css";
import { useNewsArticle } from "./queries";

/** /news/{slug-or-id}: one article with its image, summary quote, body, author, date and tags. */
export default function ArticlePage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const { slug = "" } = useParams();
  const query = useNewsArticle(slug);
  const crumbs = [home, { label: t("news.title"), to: "/news" }];
  return (
    <RemoteData
      query={query}
      renderError={(err) => (
        <>
          <PageHeader title={t("news.title")} breadcrumbs={[home]} />
          <Alert color="red" variant="light" role="alert">
            {err instanceof ApiCallError && err.status === 404 ? t("news.notFound") : t("news.messages.loadArticleFailure")}
          </Alert>
        </>
      )}
    >
      {(a) => (
        <article className={classes.article}>
          <PageHeader title={a.title} breadcrumbs={crumbs} />
          <Stack gap="md">
            <ArticleMeta article={a} />
            {a.featured_image_url && <Image src={a.featured_image_url} alt="" radius="md" mah={360} fit="cover" />}
            {a.summary && (
              <Blockquote color="blue" p="md" className={classes.text}>
                {a.summary}
              </Blockquote>
            )}
            <ArticleBody html={a.content} />
          </Stack>
        </article>
      )}
    </RemoteData>
  );
}
