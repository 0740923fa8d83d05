import { Suspense, useEffect, useState } from "react";
import { useParams, type Params } from "react-router";
import { Stack, Title } from "@mantine/core";
import { useTranslation, withStrings } from "../../../i18n";
import { Breadcrumbs, useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { usePageMeta } from "../../../ui/pageMeta";
import { preloadable } from "../../../ui/preloadable";
import { afterFirstScreen } from "../../../ui/firstScreen";
import { prefetchTest, useDropFlowOnLeave, useTestShow } from "./queries";
import { initialStage, type Receipt, type Stage } from "./stages";
import { LoadError } from "./LoadError";
import { FlowLoader } from "./FlowLoader";
import { parseTestId } from "./testId";

// Each stage is its own chunk: the first screen downloads only the stage it shows (issue 12), and
// the next stage is downloaded while this one is on screen, so that moving on shows it at once.
// The stages around the test bring their strings (the `stages` tier): a test resumed in progress goes without them.
const CapabilityCheck = preloadable(withStrings(["stages"], () => import("./CapabilityCheck").then((m) => m.CapabilityCheck)));
const Prelude = preloadable(withStrings(["stages"], () => import("./Prelude").then((m) => m.Prelude)));
const TestInProgress = preloadable(() => import("./TestInProgress").then((m) => m.TestInProgress));
const ThankYou = preloadable(withStrings(["stages"], () => import("./ThankYou").then((m) => m.ThankYou)));
const STAGES = { capability: CapabilityCheck, prelude: Prelude, inProgress: TestInProgress, finished: ThankYou };
const NEXT_STAGE: Record<Stage, Stage | null> = { capability: "prelude", prelude: "inProgress", inProgress: "finished", finished: null };

/**
 * The page opened by its address: its reads start as its code arrives (app/router.tsx
 * preloadScreen), and the app's first render waits a moment for them and a test in progress's code.
 */
export function prefetch(params: Params): Promise<unknown> | void {
  const id = parseTestId(params.id);
  if (id !== null) return prefetchTest(id, TestInProgress.preload);
}

export default function TakeTestPage() {
  const { t } = useTranslation();
  const id = parseTestId(useParams().id);
  const show = useTestShow(id ?? 0);
  useDropFlowOnLeave(id ?? 0);
  useEffect(() => {
    if (id !== null) prefetchTest(id, TestInProgress.preload);
  }, [id]);
  const [stage, setStage] = useState<Stage | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const current: Stage | null = stage ?? (show.data ? initialStage(show.data) : null);
  const title = current === "finished" ? t("takingFlow.finishedTitle") : t("takingFlow.title");
  usePageMeta({ title });
  const { home, testing } = useStandardCrumbs();
  const next = current && NEXT_STAGE[current];
  useEffect(() => {
    // Once this stage is drawn with its data, not sharing the bandwidth with them (ui/firstScreen.tsx).
    if (next) void afterFirstScreen().then(STAGES[next].preload);
  }, [next]);

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
      <Suspense fallback={<FlowLoader />}>{body}</Suspense>
    </Stack>
  );
}
