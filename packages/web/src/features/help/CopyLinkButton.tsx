import { useEffect, useRef, useState } from "react";
import { ActionIcon } from "@mantine/core";
import { useTranslation } from "../../i18n";

/** How long "Link copied" shows (spec §9: copy feedback 2 seconds). */
export const COPY_FEEDBACK_MS = 2000;

type Outcome = "copied" | "failed" | null;

/** Copies a section's address; says so beside the button (and to screen readers) for two seconds. */
export function CopyLinkButton({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let result: Outcome = "copied";
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      result = "failed";
    }
    setOutcome(result);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOutcome(null), COPY_FEEDBACK_MS);
  };

  const label = t("help.copyLink", { title });
  return (
    <>
      {/* No tooltip: the button's name and the status beside it say it all, and Mantine's Tooltip
          would pull the rest of floating-ui into a chunk the test pages share. */}
      <ActionIcon variant="subtle" color={outcome === "copied" ? "teal" : "gray"} size="lg" aria-label={label} onClick={() => void copy()}>
        {outcome === "copied" ? <CheckIcon /> : <LinkIcon />}
      </ActionIcon>
      <span role="status" aria-live="polite" style={{ fontSize: "var(--mantine-font-size-sm)", color: outcome === "failed" ? "var(--mantine-color-red-8)" : "var(--mantine-color-teal-9)", whiteSpace: "nowrap" }}>
        {outcome === "copied" ? t("help.linkCopied") : outcome === "failed" ? t("help.copyFailed") : ""}
      </span>
    </>
  );
}

function LinkIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
