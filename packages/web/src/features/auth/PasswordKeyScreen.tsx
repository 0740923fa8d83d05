import { useState } from "react";
import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { Link } from "react-router";
import { PageLoader } from "../../ui/PageLoader";
import { AuthCard } from "./AuthCard";
import { NewPasswordForm } from "./NewPasswordForm";
import { useLinkKeyCheck } from "./queries";

const KEY_MIN = 10;
const KEY_MAX = 200;

/**
 * A screen reached from a mailed link with a single-use key (password reset, account activation):
 * checks the key first, then asks for the new password; an unusable key says so and offers a new
 * link through /assistance.
 */
export function PasswordKeyScreen(props: {
  kind: "reset" | "activation";
  linkKey: string;
  title: string;
  lead: string;
  submitLabel: string;
  doneText: string;
  save(password: string, password2: string): Promise<void>;
}) {
  const { t } = useTranslation();
  const { kind, linkKey } = props;
  const wellFormed = linkKey.length >= KEY_MIN && linkKey.length <= KEY_MAX;
  const [done, setDone] = useState(false);
  const check = useLinkKeyCheck(kind, linkKey, wellFormed);

  if (wellFormed && check.isPending) return <PageLoader />;
  // A 4xx means the key is unusable; anything else (network, 5xx) may pass: offer a retry.
  const status = (check.error as { status?: number } | null)?.status ?? 0;
  if (check.isError && (status === 0 || status >= 500)) return <PageLoader failed onRetry={() => void check.refetch()} />;

  if (!wellFormed || check.isError || !check.data?.valid) {
    return (
      <AuthCard title={props.title}>
        <Alert color="red" variant="light" role="alert">
          <Text fw={700} mb={4}>
            {t("activate.invalidKeyTitle")}
          </Text>
          <Text size="sm">{kind === "reset" ? t("activate.invalidResetKey") : t("activate.invalidActivationKey")}</Text>
        </Alert>
        <Button component={Link} to="/assistance" variant="default">
          {t("activate.requestNewLink")}
        </Button>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={props.title}>
        <Alert color="green" variant="light" role="status">
          {props.doneText}
        </Alert>
        <Button component={Link} to="/login">
          {t("activate.goToLogin")}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={props.title} lead={props.lead}>
      <Stack gap="md">
        <NewPasswordForm
          username={check.data.username}
          submitLabel={props.submitLabel}
          save={async (p1, p2) => {
            await props.save(p1, p2);
            setDone(true);
          }}
        />
        <Anchor component={Link} to="/login" size="sm">
          {t("assistance.backToLogin")}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
