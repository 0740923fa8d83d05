import { useState } from "react";
import { useParams } from "react-router";
import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { RouteOutput, takingRoutes } from "@parlance/contract";
import { Breadcrumbs, useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { usePageMeta } from "../../../ui/PageHeader";
import { useTestShow } from "./queries";
import { initialStage, type Stage } from "./stages";
import { CapabilityCheck } from "./CapabilityCheck";
import { Prelude } from "./Prelude";
import { TestInProgress } from "./TestInProgress";
import { ThankYou } from "./ThankYou";
import { LoadError } from "./LoadError";
import { FlowLoader } from "./FlowLoader";
import { parseTestId } from "./testId";

export type Receipt = RouteOutput<typeof takingRoutes.submit>;

/**
 * /testing/tests/:id and /testing/track/test/:id: the whole test-taking flow of one assigned test
 * (spec §2, §4). Capability check → prelude → test in progress → Thank You; a failed load shows the
 * error stage. The title is "Take Test", and the thank-you text once finished.
 */
export default function TakeTestPage() {
  const { t } = useTranslation();
  const id = parseTestId(useParams().id);
  const show = useTestShow(id ?? 0);
  const [stage, setStage] = useState<Stage | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const current: Stage | null = stage ?? (show.data ? initialStage(show.data) : null);
  const title = current === "finished" ? t("takingFlow.finished.title") : t("takingFlow.title");
  usePageMeta({ title });
  const { home, testing } = useStandardCrumbs();

  let body: React.ReactNode;
  if (id === null) body = <LoadError error={null} />;
  else if (show.isPending) body = <FlowLoader />;
  else if (show.isError) body = <LoadError error={show.error} onRetry={() => void show.refetch()} retrying={show.isFetching} />;
  else if (current === "capability") body = <CapabilityCheck show={show.data} onDone={() => setStage("prelude")} />;
  else if (current === "prelude") body = <Prelude show={show.data} onRefresh={() => void show.refetch()} onStarted={() => setStage("inProgress")} />;
  else if (current === "inProgress")
    body = (
      <TestInProgress
        show={show.data}
        onFinished={(r) => {
          setReceipt(r);
          setStage("finished");
        }}
      />
    );
  else body = <ThankYou show={show.data} receipt={receipt} />;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Breadcrumbs items={[home, testing]} current={t("takingFlow.title")} />
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
      </Stack>
      {body}
    </Stack>
  );
}
