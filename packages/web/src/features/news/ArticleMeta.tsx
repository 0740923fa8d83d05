import { Badge, Group, Text } from "@mantine/core";
import type { NewsListEntry } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatDate } from "../../i18n/format";
import { useStartup } from "../../ui/startup";

/** The author, the publish date and the tags of an article. */
export function ArticleMeta({ article }: { article: NewsListEntry }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="gray.7">
        {article.published_at
          ? t("news.byline", { author: article.author || t("news.unknownAuthor"), date: formatDate(article.published_at, language) })
          : t("news.bylineUnpublished", { author: article.author || t("news.unknownAuthor") })}
      </Text>
      {article.tags.length > 0 && (
        <Group gap={4} component="ul" aria-label={t("news.tags")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {article.tags.map((tag) => (
            <Badge key={tag} component="li" variant="light" color="blue" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
    </Group>
  );
}
