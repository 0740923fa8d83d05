import { Stack, Title, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { SectionView, TestContentView } from "@parlance/contract";
import type { AnswerStore } from "../answers";
import { ItemBlock } from "./ItemBlock";
import { isQuestionItem } from "./questions";
import classes from "./ItemBlock.module.css";

/** One page (section) of the test with its items in order; answers read from and go to the store. */
export function SectionPage({ section, content, lang, pageCount, store }: { section: SectionView; content: TestContentView; lang: string; pageCount: number; store: AnswerStore }) {
  const { t } = useTranslation();
  const title = t("takingFlow.progress.page", { page: section.position, count: pageCount });
  return (
    <Stack gap="xl" component="section" aria-labelledby="page-title" dir={content.right_to_left ? "rtl" : "ltr"} maw={880}>
      {/* The progress box shows the page and the first item is usually the section's heading: this
          title is for screen readers, and where the focus lands after Previous or Next. */}
      <VisuallyHidden>
        <Title order={2} id="page-title" tabIndex={-1}>
          {title}
          {section.title ? `: ${section.title}` : ""}
        </Title>
      </VisuallyHidden>
      {section.items.map((item, i) => (
        <Stack key={item.id} gap="xl">
          {i > 0 && isQuestionItem(item) && isQuestionItem(section.items[i - 1]) && <hr className={classes.rule} />}
          <ItemBlock item={item} content={content} lang={lang} value={store.get(item.id) ?? ""} onAnswer={store.set} />
        </Stack>
      ))}
    </Stack>
  );
}
