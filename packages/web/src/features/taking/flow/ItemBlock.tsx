import { Box, Stack, Text, Title } from "@mantine/core";
import { ITEM_KINDS, type ItemView, type TestContentView } from "@parlance/contract";
import { itemDir, itemTypography, paragraphs } from "./itemStyle";
import { ChoiceAnswer } from "./ChoiceAnswer";
import { TextAnswer } from "./TextAnswer";
import { MediaItem } from "./MediaItem";
import type { AnswerProps } from "./answerProps";
import classes from "./ItemBlock.module.css";

/** The DOM id of an item's block, so the review table can bring the candidate back to it. */
export const itemAnchor = (id: string) => `item-${id}`;

/**
 * One item of a page (spec §3): heading, instructions, image, audio or video, radio choices, or one
 * of the four text answers. Direction, font size and line height follow the test and the item.
 */
export function ItemBlock({ item, content, lang, answer }: { item: ItemView; content: TestContentView; lang: string; answer: AnswerProps }) {
  const dir = itemDir(content, item);
  const style = itemTypography(content, item);
  return (
    // The content's language on every block (and so on the answer inside it): read as English in the
    // Chinese interface, as Arabic in the English one (WCAG 3.1.2).
    <Box id={itemAnchor(item.id)} lang={lang} dir={dir} style={style} className={classes.item} data-item-kind={item.item_type_id}>
      <ItemBody item={item} content={content} answer={answer} />
    </Box>
  );
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
    default:
      return <TextAnswer item={item} content={content} {...answer} />;
  }
}
