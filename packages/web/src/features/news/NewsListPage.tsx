import { useState } from "react";
import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { EmptyState, RemoteData } from "../../ui/RemoteData";
import { Pager } from "../../ui/Pager";
import { ArticleMeta } from "./ArticleMeta";
import { useNewsList } from "./queries";

/** /news: the published articles, newest first, a page at a time. */
export default function NewsListPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const [page, setPage] = useState(1);
  const query = useNewsList(page);
  return (
    <>
      <PageHeader title={t("news.title")} breadcrumbs={[home]} />
      <RemoteData
        query={query}
        errorTitle={t("news.messages.loadNewsFailure")}
        isEmpty={(d) => d.articles.length === 0}
        empty={<EmptyState message={t("news.messages.noNews")} />}
      >
        {(data) => (
          <Stack gap="md">
            {data.articles.map((a) => (
              <Card key={a.id} withBorder padding="md" component="article" aria-labelledby={`news-${a.id}`}>
                {/* A long unbroken word wraps rather than widen the page. */}
                <Title order={2} size="h3" id={`news-${a.id}`} style={{ overflowWrap: "anywhere" }}>
                  <Anchor component={Link} to={`/news/${a.slug}`} inherit>
                    {a.title}
                  </Anchor>
                </Title>
                {a.summary && (
                  <Text mt={6} c="gray.8" style={{ overflowWrap: "anywhere" }}>
                    {a.summary}
                  </Text>
                )}
                <Stack mt="xs" gap={0}>
                  <ArticleMeta article={a} />
                </Stack>
              </Card>
            ))}
            <Pager page={page} pageCount={data.pageCount} onChange={setPage} label={t("news.pages")} />
          </Stack>
        )}
      </RemoteData>
    </>
  );
}
