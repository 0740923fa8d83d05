import { Alert, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { useMatch, useParams } from "react-router";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { ApiCallError } from "../../../api/client";
import { RemoteData } from "../../../ui/RemoteData";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { NoShowButton } from "./NoShowButton";
import { SCORING_LIST_PATH } from "./paths";
import { scoringCatalogs, useScoreableContent } from "./queries";
import { RecordedResult } from "./RecordedResult";
import { ScoringForm } from "./ScoringForm";
import { TestFacts } from "./TestFacts";

/**
 * Scoring (/testing/results/{id}/edit, and /noshow with the no-show confirmation open): the
 * scoreable content of one test and the form for its result; read-only once a result is recorded.
 */
export default function ScoringPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const params = useParams();
  const id = /^\d+$/.test(params.id ?? "") ? Number(params.id) : 0;
  const atNoShow = useMatch("/testing/results/:id/noshow") !== null;
  const query = useScoreableContent(id);
  const errorText = useApiErrorText(scoringCatalogs);
  const list = { label: t("scoring.list.title"), to: SCORING_LIST_PATH };

  return (
    <>
      <PageHeader
        title={query.data ? query.data.description : t("scoring.edit.title")}
        documentTitle={t("scoring.edit.title")}
        breadcrumbs={[home, testing, list]}
        actions={query.data?.can_mark_no_show && !query.data.result ? <NoShowButton testId={id} askNow={atNoShow} /> : undefined}
      />
      <RemoteData
        query={query}
        skeletonRows={6}
        renderError={(err) => (
          <Alert color="red" variant="light" role="alert" title={t("scoring.messages.retrieveFailure")}>
            {/* Not found or not theirs: say which; a server fault says only the spec's sentence. */}
            {err instanceof ApiCallError && (err.status === 403 || err.status === 404) ? errorText(err) : null}
          </Alert>
        )}
      >
        {(content) => {
          const readOnly = content.result !== null || !content.can_submit;
          return (
            <Stack gap="lg">
              <TestFacts content={content} />
              {content.result && <RecordedResult result={content.result} />}
              {!content.result && !content.can_submit && (
                <Alert color="yellow" variant="light">
                  <Text size="sm">{t("scoring.edit.cannotSubmit")}</Text>
                </Alert>
              )}
              {atNoShow && !content.can_mark_no_show && !content.result && (
                <Alert color="yellow" variant="light" role="alert">
                  <Text size="sm">{t("scoring.messages.noShowNotApplicable")}</Text>
                </Alert>
              )}
              <ScoringForm key={content.result ? "recorded" : "open"} content={content} readOnly={readOnly} />
            </Stack>
          );
        }}
      </RemoteData>
    </>
  );
}
