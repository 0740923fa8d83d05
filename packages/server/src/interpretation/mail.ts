import { INTERPRETATION_SKILLSETS, type InterpretationRequest } from "@parlance/contract";
import type { OutgoingMail } from "../mail/outbox.js";

const FORM_TYPE_NAMES = { F2F: "Face-to-face", OPI: "Over-the-phone", VRI: "Video remote", RSI: "Remote simultaneous" } as const;
const yesNo = (v: boolean) => (v ? "Yes" : "No");

/** The desk's mail of a request, in English (the desk's language): every field the form asked for. */
export function interpretationMail(
  to: string,
  id: number,
  r: InterpretationRequest,
  who: { firstName: string; lastName: string; email: string; account: string },
): OutgoingMail {
  const f2f = r.form_type === "F2F";
  const lines: [string, string][] = [
    ["Request", `#${id}`],
    ["From", `${who.firstName} ${who.lastName} <${who.email}>, ${who.account}`],
    ["Form", FORM_TYPE_NAMES[r.form_type]],
    ...(f2f ? ([["Format", r.interpretation_type]] as [string, string][]) : []),
    ["Languages", r.requested_languages],
    ["Dates", r.assignment_dates],
    ["Times", r.assignment_times],
    ["Time zone", r.assignment_time_zone || "(not given)"],
    ["Duration", r.assignment_duration],
    ...(f2f
      ? ([
          ["Address", [r.assignment_address_street1, r.assignment_address_street2, `${r.assignment_address_city}, ${r.assignment_address_state} ${r.assignment_address_zip}`].filter(Boolean).join("\n         ")],
          ["Parking available", yesNo(r.is_parking_available)],
        ] as [string, string][])
      : []),
    ["Skillset", INTERPRETATION_SKILLSETS.includes(r.skillset_required) ? r.skillset_required : "None"],
    ...(r.skillset_required !== "None" && r.skillset_required !== "Medical" ? ([["Certification required", yesNo(r.is_certification_required)]] as [string, string][]) : []),
    ["Equipment required", yesNo(r.is_equipment_required)],
    ["Televised or video taped", yesNo(r.is_televised_or_video_taped)],
    ["Limited English speaker", r.limited_english_speaker_name || "-"],
    ["On-site contact", [r.onsite_contact_name, r.onsite_contact_cell].filter(Boolean).join(", ") || "-"],
    ["Backup contact", [r.backup_onsite_contact_name, r.backup_onsite_contact_cell].filter(Boolean).join(", ") || "-"],
    ["Description", r.assignment_description || "-"],
  ];
  return {
    to,
    subject: `Interpretation request #${id}: ${FORM_TYPE_NAMES[r.form_type]}, ${r.requested_languages}`.slice(0, 200),
    text: `A new interpretation request came from the portal.\n\n${lines.map(([k, v]) => `${k}: ${v}`).join("\n")}\n`,
    template: "interpretation-request",
  };
}
