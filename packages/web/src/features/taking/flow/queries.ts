import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { readUrlOf, takingRoutes, takingShowRoutes, type RouteOutput, type TestContentView } from "@parlance/contract";
import { call } from "../../../api/client";
import { takePageRead } from "../../../api/pageReads";
import { dropRemotes, remoteOf, type Remote, type RemoteState } from "./remote";
import { initialStage, type Receipt } from "./stages";

// The test page reads through flow/remote.ts, not react-query: the page goes without that chunk
// (app/router.tsx `queries: false`; issue 26 §3). The hooks answer as react-query's did.

/** Keys of the flow, under one root so a finished test (or a page left) can drop them all. */
export const flowKeys = {
  all: (id: number) => ["taking", id] as const,
  show: (id: number) => ["taking", id, "show"] as const,
  content: (id: number) => ["taking", id, "content"] as const,
  section: (id: number, section: number) => ["taking", id, "section", section] as const,
  media: (id: number, item: string) => ["taking", id, "media", item] as const,
};

/** As react-query's result: data is there once it is not pending and not failed. */
export type RemoteResult<T> = Omit<RemoteState<T>, "data"> & { refetch: () => Promise<void> } & (
    | { isPending: true; isError: false; data: undefined }
    | { isPending: false; isError: true; data: T | undefined }
    | { isPending: false; isError: false; data: T }
  );

const resultOf = <T>(remote: Remote<T>, state: RemoteState<T>): RemoteResult<T> => {
  const refetch = () => remote.fetch();
  if (state.status === "pending") return { ...state, refetch, isPending: true, isError: false, data: undefined };
  if (state.status === "error") return { ...state, refetch, isPending: false, isError: true };
  return { ...state, refetch, isPending: false, isError: false, data: state.data as T };
};

/** Reads the entry once it is shown (unless not enabled) and follows it. */
function useRemote<T>(remote: Remote<T>, enabled = true): RemoteResult<T> {
  const state = useSyncExternalStore(remote.subscribe, remote.getSnapshot);
  useEffect(() => {
    if (enabled && remote.state.status === "pending" && !remote.state.isFetching) void remote.fetch();
  }, [remote, enabled]);
  return resultOf(remote, state);
}

/** Several entries followed at once (each section of the test). */
function useRemotes<T>(remotes: Remote<T>[]): RemoteResult<T>[] {
  const last = useRef<RemoteState<T>[]>([]);
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = remotes.map((r) => r.subscribe(listener));
      return () => stops.forEach((stop) => stop());
    },
    [remotes],
  );
  const getSnapshot = () => {
    const now = remotes.map((r) => r.state);
    if (now.length !== last.current.length || now.some((s, i) => s !== last.current[i])) last.current = now;
    return last.current;
  };
  const states = useSyncExternalStore(subscribe, getSnapshot);
  useEffect(() => {
    for (const r of remotes) if (r.state.status === "pending" && !r.state.isFetching) void r.fetch();
  }, [remotes]);
  return remotes.map((r, i) => resultOf(r, states[i] ?? r.state));
}

/** An action's state, as react-query's useMutation gave it (mutate, reset, isPending, isError, isSuccess, error). */
function useAction<T>(run: () => Promise<T>, onSuccess: (out: T) => void, onError: (err: Error) => void) {
  const [state, setState] = useState<{ status: "idle" | "pending" | "error" | "success"; error: Error | null }>({ status: "idle", error: null });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  const mutate = () => {
    setState({ status: "pending", error: null });
    run().then(
      (out) => {
        if (mounted.current) setState({ status: "success", error: null });
        onSuccess(out);
      },
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        if (mounted.current) setState({ status: "error", error });
        onError(error);
      },
    );
  };
  const reset = () => setState({ status: "idle", error: null });
  return { mutate, reset, isPending: state.status === "pending", isError: state.status === "error", isSuccess: state.status === "success", error: state.error };
}

const showOf = (id: number) => remoteOf(flowKeys.show(id), () => call(takingShowRoutes.show, {}, { id }), 1);
/**
 * The test's content: start_test starts or resumes the attempt; a test page reloaded mid-test
 * carries the attempt in progress (contract startup/page-plan.ts), taken from the page once instead.
 */
const contentOf = (id: number) =>
  remoteOf(
    flowKeys.content(id),
    async () => (takePageRead(readUrlOf(takingRoutes.inProgress, { id })) as TestContentView | undefined) ?? call(takingRoutes.start, {}, { id }),
    0,
  );

const sectionOf = (id: number, section: number) => remoteOf(flowKeys.section(id, section), () => call(takingRoutes.section, { section }, { id }), 2);

/**
 * The page's reads one after the other as soon as each can start, not as each part of the page is
 * drawn (issue 26 §3: on a phone each is a round trip): the startup data, and for a test in progress
 * its content (start_test resumes it) and every section at once, while the running test's code
 * downloads (onInProgress). Reads already made or running are joined. Started by the page, and by
 * app/router.tsx as the page's code arrives when the page is opened by its address; resolves once
 * Tests Show has answered and, for a test in progress, the running test's code is there.
 */
export function prefetchTest(id: number, onInProgress: () => Promise<unknown> | void): Promise<unknown> {
  const show = showOf(id);
  return show.read().then(() => {
    // A visitor not signed in yet: read again once the page is drawn (after signing in).
    if (show.state.status === "error" && !show.followed) dropRemotes(flowKeys.show(id));
    if (!show.state.data || initialStage(show.state.data) !== "inProgress") return;
    const code = onInProgress();
    // Started already: its sections (numbered from 1) are read beside start_test, not after it.
    for (let section = 1; section <= show.state.data.sectionCount; section++) void sectionOf(id, section).read();
    const content = contentOf(id);
    void content.read().then(() => content.state.data?.candidate_test_sections.forEach((s) => void sectionOf(id, s.id).read()));
    return code;
  });
}

/** The test page's startup data (Tests Show): method, access code, proctor steps, attempt state. */
export function useTestShow(id: number) {
  return useRemote(showOf(id));
}

/** Forgets the page's reads when it is left: coming back (or another user signing in) reads them again. */
export function useDropFlowOnLeave(id: number) {
  useEffect(() => () => dropRemotes(flowKeys.all(id)), [id]);
}

/**
 * The started attempt's content. start_test is idempotent on the server (a started attempt is
 * resumed), so it is safe as the read of a resumed page as well as after the start dialog.
 */
export function useTestContent(id: number, enabled: boolean) {
  return useRemote(contentOf(id), enabled);
}

/** Starts the test; its content goes straight into the entry the running test reads (onStarted after). */
export function useStartTest(id: number, onStarted: () => void, onError: (err: Error) => void) {
  return useAction(
    () => call(takingRoutes.start, {}, { id }),
    (content) => {
      contentOf(id).setData(content);
      onStarted();
    },
    onError,
  );
}

/** Every section of the started test, each kept for the attempt's life. */
export function useTestSections(id: number, content: TestContentView) {
  const remotes = useMemo(
    () => content.candidate_test_sections.map((s) => sectionOf(id, s.id)),
    [id, content],
  );
  return useRemotes(remotes);
}

/**
 * Submits through the answer store (send). Once submitted the attempt's content and sections are
 * dropped and Tests Show read again; onClose runs first either way, onFinished last on success.
 */
export function useSubmitTest(id: number, send: () => Promise<Receipt>, onClose: () => void, onFinished: (receipt: Receipt) => void) {
  return useAction(
    send,
    (receipt) => {
      onClose();
      dropRemotes(flowKeys.content(id));
      dropRemotes(["taking", id, "section"]);
      void showOf(id).fetch();
      onFinished(receipt);
    },
    () => onClose(),
  );
}

const audioOf = (id: number, item: string) => remoteOf(flowKeys.media(id, item), () => call(takingRoutes.requestAudio, { item }, { id }), 1);

/** The item's audio access (plays left); a fresh grant is written under the same key (setAudioAccess). */
export function useAudioAccess(id: number, item: string) {
  return useRemote(audioOf(id, item));
}

export function setAudioAccess(id: number, item: string, access: RouteOutput<typeof takingRoutes.grantAudio>) {
  audioOf(id, item).setData(access);
}
