import type { ReactNode } from "react";
import { Alert, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";

/** What each kind's inline form takes from the list around it (ConflictSection). */
export interface ConflictFormProps<V> {
  title: string;
  initial: V;
  saving: boolean;
  error: string | null;
  onSave: (values: V) => void;
  onCancel: () => void;
}

/**
 * The frame both kinds' inline forms share, so they look and read the same: a list row holding a
 * form named by its title, the kind's fields, the error beside them, then Save and Cancel.
 */
export function ConflictForm({
  title,
  subtitle,
  error,
  saving,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  /** A line under the title (the individual form's zone). */
  subtitle?: string;
  error: string | null;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const heading = <Text fw={600}>{title}</Text>;
  return (
    <Paper component="li" withBorder p="md" radius="md" bg="gray.0">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        aria-label={title}
        noValidate
      >
        <Stack gap="sm">
          {subtitle === undefined ? (
            heading
          ) : (
            <div>
              {heading}
              <Text size="sm" c="gray.7">
                {subtitle}
              </Text>
            </div>
          )}
          {children}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <FormButtons saving={saving} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}

/** Save (shows loading while the request runs) and Cancel of an inline form. */
function FormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button type="submit" size="sm" loading={saving}>
        {t("ui.save")}
      </Button>
      <Button size="sm" variant="default" onClick={onCancel} disabled={saving}>
        {t("ui.cancel")}
      </Button>
    </Group>
  );
}
