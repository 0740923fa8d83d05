import { Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { answerState, reviewHeadings, reviewRows, type Question } from "./questions";

/**
 * The review screen (spec §2, §5, §9): every question number in a three-column table of roughly
 * equal columns, Yes when answered and No when blank; each cell takes the candidate back to the
 * question.
 */
export function ReviewScreen({ questions, answerOf, onJump }: { questions: Question[]; answerOf: (id: string) => string | undefined; onJump: (q: Question) => void }) {
  const { t } = useTranslation();
  const rows = reviewRows(questions);
  const headings = reviewHeadings(questions);
  const heading = (c: number) => {
    const h = headings[c];
    return h ? t(h.key, h.values) : "";
  };
  return (
    <Stack gap="md">
      <Title order={2} size="h3" id="review-title" tabIndex={-1}>
        {t("takingFlow.review.title")}
      </Title>
      <Text>{t("takingFlow.review.lead")}</Text>
      {questions.length === 0 ? (
        <Text c="gray.7">{t("takingFlow.review.none")}</Text>
      ) : (
        <Table withTableBorder withColumnBorders layout="fixed" captionSide="top" aria-labelledby="review-title">
          <Table.Thead>
            <Table.Tr>
              {[0, 1, 2].map((c) => (
                <Table.Th key={c} w="33.33%" fz="sm">
                  {heading(c)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => (
              <Table.Tr key={r}>
                {row.map((q, c) => (
                  <Table.Td key={c} p={0}>
                    {q && <ReviewCell q={q} answered={answerState(q, answerOf(q.id)) === "answered"} onJump={onJump} />}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function ReviewCell({ q, answered, onJump }: { q: Question; answered: boolean; onJump: (q: Question) => void }) {
  const { t } = useTranslation();
  const word = answered ? t("ui.yes") : t("ui.no");
  return (
    <UnstyledButton
      onClick={() => onJump(q)}
      aria-label={t("takingFlow.review.cell", { number: q.number, answered: word })}
      w="100%"
      px="sm"
      py={8}
      style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, textDecoration: "underline", textUnderlineOffset: 3 }}
    >
      <Text component="span" fw={600}>
        {q.number}
      </Text>
      {/* A real space: the visible text reads "1 No", which the name "Question 1: No" contains (WCAG 2.5.3). */}{" "}
      <Text component="span" fw={700} fz="sm" c={answered ? "teal.9" : "red.9"} bg={answered ? undefined : "red.0"} px={6} style={{ borderRadius: 4 }}>
        {word}
      </Text>
    </UnstyledButton>
  );
}
