import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack } from "@mantine/core";
import { useTranslation } from "../../../i18n";

export interface BarTarget {
  /** The id of the heading to bring into view and focus. */
  id: string;
  label: string;
}

/** Scrolls a section's heading to just below the fixed header and puts the focus on it. */
function jumpTo(id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 60;
  window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY - header - 16 });
  heading.focus({ preventScroll: true });
}

/**
 * The scoring page runs to thousands of pixels: this bar stays at the foot of the screen with a
 * link to every section and the results, the message of what is missing, and the save button,
 * so none of them is only at the bottom of the page. On a phone the links become one select.
 */
export function ScoringBar({ targets, problem, failure, submitLabel, pending, readOnly }: {
  targets: BarTarget[];
  problem: string | null;
  failure: string | null;
  submitLabel: string;
  pending: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="md" radius="md" p="sm" style={{ position: "sticky", bottom: 8, zIndex: 20, background: "var(--mantine-color-body)" }}>
      <Stack gap="xs">
        {(problem || failure) && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {problem ?? failure}
          </Alert>
        )}
        <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
          <nav aria-label={t("scoring.bar.label")} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" visibleFrom="sm" wrap="wrap">
              {targets.map((target) => (
                <Anchor
                  key={target.id}
                  href={`#${target.id}`}
                  size="sm"
                  onClick={(e) => {
                    e.preventDefault();
                    jumpTo(target.id);
                  }}
                >
                  {target.label}
                </Anchor>
              ))}
            </Group>
            <NativeSelect
              hiddenFrom="sm"
              size="xs"
              aria-label={t("scoring.bar.jumpLabel")}
              value=""
              onChange={(e) => jumpTo(e.currentTarget.value)}
              data={[{ value: "", label: t("scoring.bar.jump") }, ...targets.map((target) => ({ value: target.id, label: target.label }))]}
            />
          </nav>
          {!readOnly && (
            <Button type="submit" loading={pending} style={{ flexShrink: 0 }}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
