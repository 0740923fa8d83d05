import { useState, type FormEvent } from "react";
import { Alert, Button, Checkbox, Fieldset, NativeSelect, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import {
  INTERPRETATION_DESCRIPTION_MAX,
  INTERPRETATION_FORM_TYPES,
  INTERPRETATION_SKILLSETS,
  INTERPRETATION_TEXT_MAX,
  INTERPRETATION_TIME_ZONES,
  INTERPRETATION_TYPES,
  US_STATE_CODES,
  asksCertification,
  interpretationMessages,
  interpretationRequestInput,
  interpretationRoutes,
  isFaceToFace,
  type InterpretationRequestInput,
} from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { call } from "../../api/client";
import { FormError } from "../../ui/FormError";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { catalogs, fieldErrorsOf } from "./fieldErrors";

type TextField = Exclude<keyof InterpretationRequestInput, "key" | Flag>;
type Flag = "is_certification_required" | "is_equipment_required" | "is_parking_available" | "is_televised_or_video_taped";
type Values = Record<TextField, string> & Record<Flag, boolean>;

const EMPTY: Values = {
  form_type: "F2F",
  interpretation_type: "",
  requested_languages: "",
  assignment_dates: "",
  assignment_times: "",
  assignment_time_zone: "",
  assignment_address_street1: "",
  assignment_address_street2: "",
  assignment_address_city: "",
  assignment_address_state: "",
  assignment_address_zip: "",
  assignment_duration: "",
  skillset_required: "None",
  limited_english_speaker_name: "",
  assignment_description: "",
  onsite_contact_name: "",
  onsite_contact_cell: "",
  backup_onsite_contact_name: "",
  backup_onsite_contact_cell: "",
  is_certification_required: false,
  is_equipment_required: false,
  is_parking_available: false,
  is_televised_or_video_taped: false,
};

const newKey = () => crypto.randomUUID();

/**
 * The interpretation request form (spec §5): the four form types, each asking only what applies —
 * the format and the address (with parking) face to face only, the time zone required over the
 * phone, certification only for skillsets other than None and Medical. Checked with the contract's
 * own rules before sending; the form's key makes a resend the same request.
 */
export function RequestForm() {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogs);
  const [values, setValues] = useState<Values>(EMPTY);
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const f2f = isFaceToFace(values.form_type);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSent(false);
  };
  const text = (field: TextField, opts: { required?: boolean; max?: number } = {}) => ({
    label: t(`interpretation.fields.${field}`),
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    error: errors[field],
    required: opts.required,
    maxLength: opts.max ?? INTERPRETATION_TEXT_MAX,
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const body: InterpretationRequestInput = { ...values, key } as InterpretationRequestInput;
    const checked = interpretationRequestInput.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues, t));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await call(interpretationRoutes.submitRequest, body);
      setValues(EMPTY);
      setKey(newKey());
      setSent(true);
    } catch (err) {
      // The route's §8 failure ('Your request could not be submitted.') or the server's own message.
      setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} aria-labelledby="interpretation-form-title">
      <Stack gap="md">
        {sent && (
          <Alert color="green" variant="light" role="status">
            <Text fw={600}>{t("interpretation.messages.submitted", { defaultValue: interpretationMessages.submitted })}</Text>
            <Text size="sm">{t("interpretation.sentHint")}</Text>
          </Alert>
        )}
        <Radio.Group label={t("interpretation.fields.form_type")} value={values.form_type} onChange={(v) => set("form_type", v)} required>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {INTERPRETATION_FORM_TYPES.map((type) => (
              <Radio key={type} value={type} label={t(`interpretation.formTypes.${type}`)} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        {f2f && (
          <Radio.Group label={t("interpretation.fields.interpretation_type")} value={values.interpretation_type} onChange={(v) => set("interpretation_type", v)} error={errors.interpretation_type} required>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
              {INTERPRETATION_TYPES.map((type) => (
                <Radio key={type} value={type} label={t(`interpretation.formats.${type}`)} />
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
        <TextInput {...text("requested_languages", { required: true })} description={t("interpretation.hints.languages")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...text("assignment_dates", { required: true })} description={t("interpretation.hints.dates")} />
          <TextInput {...text("assignment_times", { required: true })} description={t("interpretation.hints.times")} />
          <NativeSelect
            label={t("interpretation.fields.assignment_time_zone")}
            value={values.assignment_time_zone}
            onChange={(e) => set("assignment_time_zone", e.currentTarget.value)}
            error={errors.assignment_time_zone}
            required={values.form_type === "OPI"}
            data={[{ value: "", label: t("interpretation.choose") }, ...INTERPRETATION_TIME_ZONES.map((z) => ({ value: z, label: t(`interpretation.timeZones.${z.replace("/", "_")}`) }))]}
          />
          <TextInput {...text("assignment_duration", { required: true })} description={t("interpretation.hints.duration")} />
        </SimpleGrid>
        {f2f && (
          <Fieldset legend={t("interpretation.location")}>
            <Stack gap="sm">
              <TextInput {...text("assignment_address_street1", { required: true })} autoComplete="address-line1" />
              <TextInput {...text("assignment_address_street2")} autoComplete="address-line2" />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput {...text("assignment_address_city", { required: true })} autoComplete="address-level2" />
                <NativeSelect
                  label={t("interpretation.fields.assignment_address_state")}
                  value={values.assignment_address_state}
                  onChange={(e) => set("assignment_address_state", e.currentTarget.value)}
                  error={errors.assignment_address_state}
                  required
                  data={[{ value: "", label: t("interpretation.choose") }, ...US_STATE_CODES]}
                />
                <TextInput {...text("assignment_address_zip", { required: true, max: 10 })} autoComplete="postal-code" inputMode="numeric" />
              </SimpleGrid>
              <Checkbox label={t("interpretation.fields.is_parking_available")} checked={values.is_parking_available} onChange={(e) => set("is_parking_available", e.currentTarget.checked)} />
            </Stack>
          </Fieldset>
        )}
        <NativeSelect
          label={t("interpretation.fields.skillset_required")}
          value={values.skillset_required}
          onChange={(e) => set("skillset_required", e.currentTarget.value)}
          required
          data={INTERPRETATION_SKILLSETS.map((s) => ({ value: s, label: t(`interpretation.skillsets.${s}`) }))}
        />
        {asksCertification(values.skillset_required) && (
          <Checkbox label={t("interpretation.fields.is_certification_required")} checked={values.is_certification_required} onChange={(e) => set("is_certification_required", e.currentTarget.checked)} />
        )}
        <Checkbox label={t("interpretation.fields.is_equipment_required")} checked={values.is_equipment_required} onChange={(e) => set("is_equipment_required", e.currentTarget.checked)} />
        <Checkbox label={t("interpretation.fields.is_televised_or_video_taped")} checked={values.is_televised_or_video_taped} onChange={(e) => set("is_televised_or_video_taped", e.currentTarget.checked)} />
        <TextInput {...text("limited_english_speaker_name")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...text("onsite_contact_name")} />
          <TextInput {...text("onsite_contact_cell")} type="tel" />
          <TextInput {...text("backup_onsite_contact_name")} />
          <TextInput {...text("backup_onsite_contact_cell")} type="tel" />
        </SimpleGrid>
        <Textarea {...text("assignment_description", { max: INTERPRETATION_DESCRIPTION_MAX })} autosize minRows={3} />
        <Text size="sm" c="gray.7">
          {t("interpretation.requiredNote")}
        </Text>
        <FormError message={formError} />
        <Button type="submit" loading={busy} style={{ alignSelf: "flex-start" }}>
          {t("interpretation.submit")}
        </Button>
      </Stack>
    </form>
  );
}
