import { Box, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";

/**
 * The candidate's response, read-only and set apart from the question. dir="auto" lets the browser
 * lay out a right-to-left response (Arabic, Hebrew) from right to left.
 */
export function ResponseBox({ response, labelId, lang }: { response: string | null; labelId: string; lang: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Text id={labelId} size="sm" fw={600} c="gray.8">
        {t("scoring.item.response")}
      </Text>
      {response === null || response.trim() === "" ? (
        <Text size="sm" fs="italic" c="gray.7" mt={4}>
          {t("scoring.item.noResponse")}
        </Text>
      ) : (
        <Box
          role="textbox"
          aria-readonly="true"
          aria-multiline="true"
          aria-labelledby={labelId}
          tabIndex={0}
          dir="auto"
          lang={lang}
          mt={4}
          p="sm"
          bg="blue.0"
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", borderInlineStart: "4px solid var(--mantine-color-blue-7)", borderRadius: 4, textAlign: "start" }}
        >
          {response}
        </Box>
      )}
    </Box>
  );
}
