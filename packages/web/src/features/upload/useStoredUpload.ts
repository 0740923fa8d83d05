import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { uploadRoutes, type UploadState } from "@parlance/contract";
import { call } from "../../api/client";
import { uploadState } from "./transport";

/** The query parameter naming the upload on the preview and confirm pages. */
export const UPLOAD_KEY_PARAM = "data";
export const withUploadKey = (path: string, key: string) => `${path}?${UPLOAD_KEY_PARAM}=${encodeURIComponent(key)}`;

/**
 * The upload the page's URL names (`?data=` its key): this tab's last answer when it is that
 * upload, otherwise read from the server, so a reload of the preview or confirm page keeps the
 * upload (issue 23). `missing`: no key, or an upload the server does not know (or not the caller's).
 */
export function useStoredUpload(): { status: "loading" | "missing" | "ready"; state: UploadState | null } {
  const [params] = useSearchParams();
  const key = params.get(UPLOAD_KEY_PARAM) ?? "";
  const inTab = (): UploadState | null =>
    uploadState.confirmation?.data === key ? { preview: null, confirmation: uploadState.confirmation } : uploadState.preview?.data === key ? { preview: uploadState.preview, confirmation: null } : null;
  const [read, setRead] = useState<{ key: string; state: UploadState | null } | null>(null);
  const known = key ? inTab() : null;
  useEffect(() => {
    if (!key || known) return;
    let live = true;
    call(uploadRoutes.state, { data: key })
      .then((state) => {
        if (!live) return;
        // Kept for the next screen of this tab too.
        if (state.preview) uploadState.preview = state.preview;
        if (state.confirmation) uploadState.confirmation = state.confirmation;
        setRead({ key, state });
      })
      .catch(() => live && setRead({ key, state: null }));
    return () => {
      live = false;
    };
    // `known` follows from the key and this tab's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!key) return { status: "missing", state: null };
  if (known) return { status: "ready", state: known };
  if (read?.key !== key) return { status: "loading", state: null };
  return read.state ? { status: "ready", state: read.state } : { status: "missing", state: null };
}
