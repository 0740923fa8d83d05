import { Divider, Stack } from "@mantine/core";
import type { TestShowView } from "@parlance/contract";
import { ProctorAgreement, ProctorPasswordForm } from "../../proctoring";

/** The proctor's steps of the prelude: the exam password form, then the agreement, as the test needs them. */
export function ProctorSteps({ show, onDone }: { show: TestShowView; onDone: () => void }) {
  return (
    <Stack gap="md">
      {show.proctorPasswordNeeded && <ProctorPasswordForm show={show} onDone={onDone} />}
      {show.proctorPasswordNeeded && show.proctorSignatureNeeded && <Divider />}
      {show.proctorSignatureNeeded && <ProctorAgreement show={show} onDone={onDone} />}
    </Stack>
  );
}
