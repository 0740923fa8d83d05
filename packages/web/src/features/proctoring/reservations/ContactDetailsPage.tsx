import { useState, type FormEvent } from "react";
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { CANDIDATE_TEXT_MAX, type ProctorContactDetails } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { RemoteData } from "../../../ui/RemoteData";
import { notifyResult } from "../../../ui/form";
import { ApiCallError } from "../../../api/client";
import { ContactNeedsPassword } from "./ContactNeedsPassword";
import { safeReturn, schedulePath, useContactDetails, useEditContactDetails, useFailureText } from "./queries";

/**
 * Candidate Contact Details (client-administration.md §2, §3, §5): the phone, address, city, state,
 * postal code and time zone a proctored sitting needs, all required; UPDATE CANDIDATE saves them
 * and returns to the reservation.
 */
export default function ContactDetailsPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const tests = params.get("assigned_tests") ?? "";
  const details = useContactDetails(id, tests);
  return (
    <>
      <PageHeader title={t("proctorReservation.contact.title")} breadcrumbs={tests ? [home, testing, { label: t("proctorReservation.title"), to: schedulePath(id, tests) }] : [home, testing]} />
      <RemoteData query={details} skeletonRows={6} renderError={(err) => (isCodeRefusal(err) ? <ContactNeedsPassword /> : undefined)}>
        {(data) => <ContactForm data={data} back={safeReturn(params.get("return"), tests ? schedulePath(id, tests) : data.editingSelf ? "/testing/tests" : `/testing/candidates/${id}`)} />}
      </RemoteData>
    </>
  );
}

/** An access-code session: contact details are the profile's, entered after a password sign-in. */
const isCodeRefusal = (err: unknown) => err instanceof ApiCallError && err.messageKey === "proctorReservation.messages.contactNeedsPassword";

type Field = "phoneNumber" | "streetAddress" | "city" | "postalCode";
const TEXT_FIELDS: { name: Field; autoComplete: string }[] = [
  { name: "phoneNumber", autoComplete: "tel" },
  { name: "streetAddress", autoComplete: "street-address" },
  { name: "city", autoComplete: "address-level2" },
  { name: "postalCode", autoComplete: "postal-code" },
];

/** The required fields, in the form's order (the time zone always has a value). */
const REQUIRED = ["phoneNumber", "streetAddress", "city", "state", "postalCode"] as const;
/** Each required field's message: the candidate form's (the phone's key is phoneRequired). */
const requiredKey = (name: (typeof REQUIRED)[number]) => `candidates.messages.${name === "phoneNumber" ? "phone" : name}Required`;

function ContactForm({ data, back }: { data: ProctorContactDetails; back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const save = useEditContactDetails();
  const [values, setValues] = useState({ phoneNumber: data.phoneNumber, streetAddress: data.streetAddress, city: data.city, state: data.state, postalCode: data.postalCode, timeZone: data.timeZone });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = (name: keyof typeof values, value: string | number) => setValues((v) => ({ ...v, [name]: value }));
  const textField = (f: (typeof TEXT_FIELDS)[number]) => (
    <TextInput
      key={f.name}
      label={t(`proctorReservation.contact.fields.${f.name}`)}
      required
      maxLength={CANDIDATE_TEXT_MAX}
      autoComplete={f.autoComplete}
      value={values[f.name]}
      error={fieldErrors[f.name]}
      onChange={(e) => set(f.name, e.currentTarget.value)}
    />
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    // Every empty field at once, each with its own message (the server names only the first it finds; issue 23).
    const missing = REQUIRED.filter((name) => values[name].trim() === "");
    if (missing.length > 0) {
      setFieldErrors(Object.fromEntries(missing.map((name) => [name, t(requiredKey(name))])));
      const fields = missing.map((name) => t(`proctorReservation.contact.fields.${name}`)).join(t("proctorReservation.contact.listSeparator"));
      setError(t("proctorReservation.contact.missing", { fields }));
      return;
    }
    save.mutate(
      { id: data.id, ...values },
      {
        onSuccess: (r) => {
          notifyResult(t(r.messageKey), true);
          navigate(back);
        },
        onError: (err) => {
          const text = failureText(err, "failure");
          setError(text);
          const path = err instanceof ApiCallError ? err.issues?.[0]?.path : undefined;
          if (path) setFieldErrors({ [path]: text });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <div>
          <Text fw={600}>{data.name}</Text>
          {data.emailAddress && <Text c="gray.7">{data.emailAddress}</Text>}
          {data.tests.length > 0 && <Text c="gray.7">{t("proctorReservation.contact.forTests", { tests: data.tests.join(", ") })}</Text>}
        </div>
        <Text size="sm">{t("proctorReservation.contact.intro")}</Text>
        {TEXT_FIELDS.filter((f) => f.name !== "postalCode").map(textField)}
        <NativeSelect
          label={t("proctorReservation.contact.fields.state")}
          required
          value={values.state}
          error={fieldErrors.state}
          onChange={(e) => set("state", e.currentTarget.value)}
          data={[{ value: "", label: t("proctorReservation.contact.chooseState") }, ...data.regions.map((r) => ({ value: r.id, label: r.name }))]}
        />
        {TEXT_FIELDS.filter((f) => f.name === "postalCode").map(textField)}
        <NativeSelect
          label={t("proctorReservation.contact.fields.timeZone")}
          required
          value={String(values.timeZone)}
          onChange={(e) => set("timeZone", Number(e.currentTarget.value))}
          data={data.timeZones.map((z) => ({ value: String(z.id), label: t(`scheduling.zones.${z.id}`, { defaultValue: z.displayAs }) }))}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("proctorReservation.contact.saving") : t("proctorReservation.contact.submit")}
          </Button>
          <Button variant="default" onClick={() => navigate(back)}>
            {t("proctorReservation.contact.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
