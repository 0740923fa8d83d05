import { memo, Suspense, useCallback, useMemo } from "react";
import { Box, Stack, Text, Title } from "@mantine/core";
import { ITEM_KINDS, type ItemView, type TestContentView } from "@parlance/contract";
import { itemDir, itemTypography, paragraphs } from "./itemStyle";
import { ChoiceAnswer } from "./ChoiceAnswer";
import { TextAnswer } from "./TextAnswer";
import { MediaItem, MediaPresentation } from "./MediaItem";
import type { MediaRenderer } from "../interactions";
import { preloadable } from "../../../ui/preloadable";
import { FlowLoader } from "./FlowLoader";
import { useTranslation } from "../../../i18n";
import type { AnswerProps } from "./answerProps";
import classes from "./ItemBlock.module.css";

// A QTI item's interactions (issue 29: their components, Mantine's NumberInput, Select…) download
// with the first page that has one: a test without QTI items goes without them (issue 26 §3).
const QtiItem = preloadable(() => import("../interactions/QtiItem").then((m) => m.QtiItem));

/** The DOM id of an item's block, so the review table can bring the candidate back to it. */
export const itemAnchor = (id: string) => `item-${id}`;

/**
 * One item of a page (spec §3): heading, instructions, image, audio or video, radio choices, one
 * of the four text answers, or an imported QTI item with its interactions (issue 29). Direction, font size and line height follow the test and the item.
 */
export const ItemBlock = memo(function ItemBlock({ item, content, lang, value, onAnswer }: ItemBlockProps) {
  // Memoized with a stable `onAnswer` (the store's `set`): typing into one answer re-renders that
  // item's block only, not every item of the page (issue 26 §3, INP on a slow phone).
  const onChange = useCallback((v: string) => onAnswer(item.id, v), [onAnswer, item.id]);
  const answer = useMemo<AnswerProps>(() => ({ value, onChange }), [value, onChange]);
  const dir = itemDir(content, item);
  const style = itemTypography(content, item);
  return (
    // The content's language on every block (and so on the answer inside it): read as English in the
    // Chinese interface, as Arabic in the English one (WCAG 3.1.2).
    <Box id={itemAnchor(item.id)} lang={lang} dir={dir} style={style} className={classes.item} data-item-kind={item.item_type_id}>
      <ItemBody item={item} content={content} answer={answer} />
    </Box>
  );
});

interface ItemBlockProps {
  item: ItemView;
  content: TestContentView;
  lang: string;
  /** The answer so far ("" when none). */
  value: string;
  /** Where a change goes: the same function on every render, so that unchanged items skip theirs. */
  onAnswer: (itemId: string, value: string) => void;
}

function ItemBody({ item, content, answer }: { item: ItemView; content: TestContentView; answer: AnswerProps }) {
  switch (item.item_type_id) {
    case ITEM_KINDS.heading:
      return (
        <Title order={3} fz="1.25em" lh={1.3}>
          {item.heading_text}
        </Title>
      );
    case ITEM_KINDS.instructions:
      return (
        <Stack gap="0.75em">
          {paragraphs(item.item_text ?? "").map((p, i) => (
            <Text key={i} fz="inherit" lh="inherit" style={{ whiteSpace: "pre-line" }}>
              {p}
            </Text>
          ))}
        </Stack>
      );
    case ITEM_KINDS.image:
      return (
        <Stack gap="xs">
          {item.item_text && (
            <Text fz="inherit" lh="inherit">
              {item.item_text}
            </Text>
          )}
          {item.item_image && <img src={item.item_image.src} alt={item.item_image.alt} className={classes.image} />}
        </Stack>
      );
    case ITEM_KINDS.audio:
    case ITEM_KINDS.video:
      return <MediaItem item={item} assignedTestId={content.id} />;
    case ITEM_KINDS.radio:
      return <ChoiceAnswer item={item} {...answer} />;
    case ITEM_KINDS.qti:
      return <QtiAnswer item={item} content={content} answer={answer} />;
    default:
      return <TextAnswer item={item} content={content} {...answer} />;
  }
}

/** A QTI item: its response goes through the same answer store as every other answer. */
function QtiAnswer({ item, content, answer }: { item: ItemView; content: TestContentView; answer: AnswerProps }) {
  const { t } = useTranslation();
  if (!item.qti) return null;
  const name = item.number !== null ? t("takingFlow.items.question", { number: item.number }) : item.qti.title;
  // A media interaction plays under the same server-counted limit as an audio item (the item's id).
  const renderMedia: MediaRenderer = (m, label, onPlays) => (
    <MediaPresentation itemId={item.id} assignedTestId={content.id} media={{ src: m.media.src, kind: m.media.kind, plays: m.max_plays === 0 ? null : m.max_plays }} label={label} onPlays={onPlays} />
  );
  return (
    // The item's own direction (an Arabic item in an English test) for its number too.
    <Stack gap="xs" dir={item.qti.dir ?? undefined}>
      {item.number !== null && (
        <Text fw={700} fz="inherit" aria-hidden>
          {item.number}.
        </Text>
      )}
      <Suspense fallback={<FlowLoader />}>
        <QtiItem qti={item.qti} response={answer.value} onChange={answer.onChange} readOnly={false} name={name} seed={`${content.id}:${item.id}`} renderMedia={renderMedia} />
      </Suspense>
    </Stack>
  );
}
