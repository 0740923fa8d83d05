import { Anchor, Box } from "@mantine/core";
import { linkify } from "./linkify";

/** A mail's plain text as written, line breaks kept, with its web addresses clickable. */
export function MailText({ text }: { text: string }) {
  return (
    <Box component="pre" fz="sm" m={0} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "inherit" }}>
      {linkify(text).map((part, i) =>
        part.kind === "link" ? (
          <Anchor key={i} href={part.href} inherit>
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Box>
  );
}
