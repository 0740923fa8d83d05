import { useEffect, useRef, useState } from "react";
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { authenticateWithTestProcessor, confirmWithTestProcessor, parseExpiry, type CardFields, type CardIntent, type ConfirmResult } from "./cardIntent";
import { mountStripeCard, type MountedCard } from "./stripeElements";

export interface CardFormProps {
  intent: CardIntent;
  /** The submit button's text ("Pay $20.00", "Save card"). */
  submitLabel: string;
  /** The intent succeeded at the processor: the caller completes it with our server. */
  onConfirmed: () => Promise<void>;
  onCancel?: () => void;
}

const EMPTY: CardFields = { number: "", expiry: "", cvc: "", postalCode: "" };

/**
 * The card form of both processors: in test mode the local form (number, expiry, CVC, postal code)
 * posting to the test-mode processor's own endpoints, with its local authentication step; with
 * Stripe, Stripe's card Element. A decline shows the processor's message and nothing changes.
 */
export function CardForm({ intent, submitLabel, onConfirmed, onCancel }: CardFormProps) {
  const { t } = useTranslation();
  const [card, setCard] = useState<CardFields>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; messageKey?: string } | null>(null);
  const [fieldError, setFieldError] = useState<Partial<Record<keyof CardFields, string>>>({});
  const [authenticating, setAuthenticating] = useState(false);
  const stripeBox = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<MountedCard | null>(null);
  const [stripeReady, setStripeReady] = useState(false);

  useEffect(() => {
    if (intent.processor !== "stripe" || !stripeBox.current) return;
    let cancelled = false;
    mountStripeCard(stripeBox.current, intent.publicKey).then(
      (mounted) => {
        if (cancelled) mounted.destroy();
        else {
          stripeCard.current = mounted;
          setStripeReady(true);
        }
      },
      () => !cancelled && setError({ message: t("payments.card.stripeUnavailable") }),
    );
    return () => {
      cancelled = true;
      stripeCard.current?.destroy();
      stripeCard.current = null;
    };
  }, [intent.processor, intent.publicKey, t]);

  const after = async (result: ConfirmResult) => {
    if (result.status === "succeeded") {
      setAuthenticating(false);
      // The card is no longer needed once the processor has it.
      setCard(EMPTY);
      await onConfirmed();
    } else if (result.status === "requires_action") {
      setAuthenticating(true);
    } else {
      setAuthenticating(false);
      setError({ message: result.message, messageKey: result.messageKey });
    }
  };

  const submit = async () => {
    setError(null);
    if (intent.processor === "test") {
      const expiry = parseExpiry(card.expiry);
      const problems: Partial<Record<keyof CardFields, string>> = {};
      if (card.number.replace(/\s+/g, "") === "") problems.number = t("payments.card.numberRequired");
      if (!expiry) problems.expiry = t("payments.card.expiryInvalid");
      if (card.cvc.trim() === "") problems.cvc = t("payments.card.cvcRequired");
      setFieldError(problems);
      if (Object.keys(problems).length > 0 || !expiry) return;
      setBusy(true);
      try {
        await after(await confirmWithTestProcessor(intent, card, expiry));
      } finally {
        setBusy(false);
      }
      return;
    }
    if (!stripeCard.current) return;
    setBusy(true);
    try {
      await after(await stripeCard.current.confirm(intent));
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (complete: boolean) => {
    setBusy(true);
    try {
      await after(await authenticateWithTestProcessor(intent, complete));
    } finally {
      setBusy(false);
    }
  };

  if (authenticating) {
    return (
      <Paper withBorder p="md" radius="md" role="region" aria-labelledby="card-authentication-title">
        <Stack gap="sm">
          <Title order={3} size="h4" id="card-authentication-title">
            {t("payments.card.authTitle")}
          </Title>
          <Text>{t("payments.card.authText")}</Text>
          <Group>
            <Button onClick={() => void authenticate(true)} loading={busy}>
              {t("payments.card.authComplete")}
            </Button>
            <Button variant="default" onClick={() => void authenticate(false)} disabled={busy}>
              {t("payments.card.authFail")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const field = (name: keyof CardFields) => ({
    value: card[name],
    error: fieldError[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      // Read now: the event's currentTarget is gone by the time React runs the updater.
      const value = e.currentTarget.value;
      setCard((c) => ({ ...c, [name]: value }));
    },
  });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label={t("payments.card.formLabel")}
      noValidate
      // The card must never be sent anywhere by the browser itself (no action, no autofill storage).
      autoComplete="on"
    >
      <Stack gap="sm">
        {intent.processor === "test" ? (
          <>
            <Text size="sm" c="gray.7">
              {t("payments.card.testModeNote")}
            </Text>
            <TextInput label={t("payments.card.number")} inputMode="numeric" autoComplete="cc-number" maxLength={23} required {...field("number")} />
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <TextInput label={t("payments.card.expiry")} placeholder={t("payments.card.expiryPlaceholder")} autoComplete="cc-exp" maxLength={7} required {...field("expiry")} />
              <TextInput label={t("payments.card.cvc")} inputMode="numeric" autoComplete="cc-csc" maxLength={4} required {...field("cvc")} />
              <TextInput label={t("payments.card.postalCode")} autoComplete="postal-code" maxLength={10} {...field("postalCode")} />
            </SimpleGrid>
          </>
        ) : (
          <div>
            <Text component="span" size="sm" fw={500} id="stripe-card-label">
              {t("payments.card.cardDetails")}
            </Text>
            <Paper withBorder p="sm" radius="sm" ref={stripeBox} aria-labelledby="stripe-card-label" />
          </div>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" title={t("payments.card.failedTitle")}>
            {error.messageKey ? t(error.messageKey, { defaultValue: error.message }) : error.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy} disabled={intent.processor === "stripe" && !stripeReady}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t("payments.card.cancel")}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
