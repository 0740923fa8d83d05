import { Anchor, Card, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { cutSummary } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatDate } from "../../i18n/format";
import { RemoteData } from "../../ui/RemoteData";
import { useStartup } from "../../ui/startup";
import { useOverviewNews } from "./queries";

/** The overview's latest news: at most 3 published articles, each summary cut at 120 characters plus an ellipsis. */
export function OverviewNews() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const query = useOverviewNews();
  return (
    <RemoteData
      query={query}
      errorTitle={t("news.messages.overviewNewsFailure")}
      isEmpty={(d) => d.articles.length === 0}
      empty={
        <Card withBorder padding="md">
          <Text c="gray.7">{t("overview.noNews")}</Text>
        </Card>
      }
    >
      {(data) => (
        <Stack gap="sm">
          <Stack component="ul" gap="sm" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {data.articles.map((a) => (
              <Card key={a.id} withBorder padding="md" component="li">
                {/* An article's title and summary are its author's words, in the language written (translate="no"). */}
                {/* A long unbroken word wraps rather than widen the page. */}
                <Anchor component={Link} to={`/news/${a.slug}`} fw={600} translate="no" style={{ overflowWrap: "anywhere" }}>
                  {a.title}
                </Anchor>
                {a.published_at && (
                  <Text size="xs" c="gray.7" mt={2}>
                    {formatDate(a.published_at, language)}
                  </Text>
                )}
                {a.summary && (
                  <Text size="sm" mt={6} translate="no" style={{ overflowWrap: "anywhere" }}>
                    {cutSummary(a.summary)}
                  </Text>
                )}
              </Card>
            ))}
          </Stack>
          <Anchor component={Link} to="/news" size="sm">
            {t("overview.allNews")}
          </Anchor>
        </Stack>
      )}
    </RemoteData>
  );
}
