import type { ReactNode } from "react";
import { Box } from "@mantine/core";
import { BodyView } from "./BodyView";

const srOnly = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } as const;

/** Text for screen readers only. */
export const ScreenReaderText = ({ children }: { children: ReactNode }) => <span style={srOnly}>{children}</span>;

/** A control group's name: the question ("Question 3", heard only) and the interaction's prompt (seen). */
export function GroupLabel({ name, prompt }: { name: string; prompt: string | null }) {
  return (
    <Box component="span" display="block" fw={500} fz="inherit" lh="inherit">
      {prompt ? (
        <>
          <ScreenReaderText>{name}: </ScreenReaderText>
          <BodyView html={prompt} />
        </>
      ) : (
        <ScreenReaderText>{name}</ScreenReaderText>
      )}
    </Box>
  );
}

/** A group of controls named by its question and prompt: a fieldset, so a screen reader says both on entering it. */
export function Group({ name, prompt, hint, children }: { name: string; prompt: string | null; hint?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Box component="legend" p={0} mb={6} fz="inherit" lh="inherit">
        <GroupLabel name={name} prompt={prompt} />
      </Box>
      {hint && (
        <Box fz="sm" c="gray.7" mb={8}>
          {hint}
        </Box>
      )}
      {children}
    </Box>
  );
}
